import { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { createAccount, makeEventAdmin } from '../../backend/test/support/accounts';
import { createEvent, postMessage } from '../../backend/test/support/factories';
import { ApiClient, signedIn } from '../../backend/test/support/http';

/**
 * A venue screen's wall and what the server holds, compared by message (each memory of these scenarios
 * has its own): the scenarios of e2e/live-recovery and the long drop in backend/test/faults.
 */
export class WallScenario {
  private count = 0;

  private constructor(
    readonly apiUrl: string,
    readonly eventId: string,
    private readonly host: ApiClient,
  ) {}

  /** An auto-approving event with a host who may remove memories. */
  static async create(dataSource: DataSource, apiUrl: string): Promise<WallScenario> {
    const event = await createEvent(dataSource, { wallTitle: 'Venue screen' });
    const customer = await createAccount(dataSource, 'customer');
    await makeEventAdmin(dataSource, customer.user.id, event.id);
    return new WallScenario(apiUrl, event.id, await signedIn(apiUrl, customer));
  }

  /** A guest's message, approved by the workers. */
  async post(): Promise<string> {
    const author = `Guest ${++this.count}`;
    const posted = await postMessage(this.apiUrl, this.eventId, { name: author, title: '', message: `Wishes from ${author}` });
    if (posted.status >= 300) throw new Error(`posting failed: ${posted.status}`);
    return posted.body.memory.id as string;
  }

  async remove(memoryId: string) {
    const removed = await this.host.delete(`/api/memories/${memoryId}`);
    if (removed.status >= 300) throw new Error(`removing failed: ${removed.status}`);
  }

  /** The messages the server has approved for the wall, sorted (read from the API directly). */
  async approvedMessages(): Promise<string[]> {
    const response = await fetch(`${this.apiUrl}/api/events/${this.eventId}/memories?approved=true`);
    const { memories } = (await response.json()) as { memories: Array<{ content: string }> };
    return memories.map((m) => m.content).sort();
  }
}

/** The messages of the memories /display shows, sorted. */
export async function shownMessages(page: Page): Promise<string[]> {
  const messages = await page.getByTestId('memory-card').locator('.memory-text').allInnerTexts();
  return messages.sort();
}

export const liveBadge = (page: Page, text: 'Live' | 'Offline') => page.getByTestId('live-badge').filter({ hasText: text });
