import { DataSource, EntityManager } from 'typeorm';
import {
  EventStatus,
  EventType,
  MemoryType,
  ModerationType,
  ProcessingState,
  Role,
  TransactionType,
} from '@memory-wall/contracts';
import {
  CreditTransaction,
  DEMO_EVENT,
  DEMO_LOGINS,
  Event,
  EventAdmin,
  hashPassword,
  Memory,
  ServiceProvider,
  User,
} from '@memory-wall/core';

const DEMO_MEMORIES = [
  { author: 'Grandma Rose', content: 'Wishing you a lifetime of love and laughter. So proud of you both!' },
  { author: 'Tom', title: 'Best man', content: 'Ben, you finally found someone who laughs at your jokes. Cheers!' },
  { author: '小美', content: '祝你们新婚快乐，永结同心！' },
];

export interface SeedResult {
  eventId: string;
  created: boolean;
}

/** Creates the demo data once; a second run finds it and changes nothing. Never in production (runSeed). */
export async function seedDemo(dataSource: DataSource): Promise<SeedResult> {
  return dataSource.transaction(async (tx) => {
    const existing = await tx.findOneBy(Event, { slug: DEMO_EVENT.slug });
    if (existing) return { eventId: existing.id, created: false };

    await createUser(tx, Role.Owner, DEMO_LOGINS.owner, { fullName: 'Platform Owner' });
    const providerUser = await createUser(tx, Role.ServiceProvider, DEMO_LOGINS.provider, {
      fullName: 'Pat Planner',
      companyName: 'Happy Days Planning',
      serviceTypes: ['wedding', 'general'],
    });
    const customer = await createUser(tx, Role.Customer, DEMO_LOGINS.customer, { fullName: 'Anna & Ben' });

    const provider = await tx.save(
      tx.create(ServiceProvider, {
        userId: providerUser.id,
        companyName: 'Happy Days Planning',
        serviceTypes: ['wedding', 'general'],
        verified: true,
        availableCredits: 9,
        totalCreditsUsed: 1,
      }),
    );
    const event = await tx.save(
      tx.create(Event, {
        name: DEMO_EVENT.name,
        slug: DEMO_EVENT.slug,
        eventCode: DEMO_EVENT.code,
        serviceProviderId: provider.id,
        status: EventStatus.Live,
        isPublished: true,
        eventType: EventType.Wedding,
        moderationType: ModerationType.AutoApprove,
        wallTitle: 'Leave a note for Anna & Ben',
      }),
    );
    // The ledger explains the balance: 10 free credits, 1 spent on the demo event.
    await tx.save(CreditTransaction, [
      tx.create(CreditTransaction, {
        serviceProviderId: provider.id,
        userId: providerUser.id,
        amount: 10,
        transactionType: TransactionType.Promotion,
        description: 'Welcome credits',
      }),
      tx.create(CreditTransaction, {
        serviceProviderId: provider.id,
        userId: providerUser.id,
        amount: -1,
        transactionType: TransactionType.EventCreation,
        description: `Published ${DEMO_EVENT.name}`,
        metadata: { eventId: event.id },
      }),
    ]);
    await tx.save(tx.create(EventAdmin, { eventId: event.id, userId: customer.id }));
    await tx.save(
      DEMO_MEMORIES.map((m, i) =>
        tx.create(Memory, {
          eventId: event.id,
          type: MemoryType.Message,
          author: m.author,
          title: m.title ?? null,
          content: m.content,
          language: i === 2 ? 'zh' : 'en',
          approved: true,
          processingState: ProcessingState.Ready,
        }),
      ),
    );
    return { eventId: event.id, created: true };
  });
}

async function createUser(
  tx: EntityManager,
  role: Role,
  login: { username: string; email: string; password: string },
  profileData: User['profileData'],
) {
  return tx.save(
    tx.create(User, {
      role,
      username: login.username,
      email: login.email,
      password: await hashPassword(login.password),
      profileData,
    }),
  );
}
