import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { EventChargeOnce1763710000000 } from './1763710000000-event-charge-once';
import { MemoryMedia1763720000000 } from './1763720000000-memory-media';
import { UsernameSkeleton1763730000000 } from './1763730000000-username-skeleton';
import { MemorySubmissionId1763741000000 } from './1763741000000-memory-submission-id';
import { HeldReasonCodes1763750000000 } from './1763750000000-held-reason-codes';
import { EventLanguageText1763752000000 } from './1763752000000-event-language-text';
import { ProviderBalanceStartsAtZero1763760000000 } from './1763760000000-provider-balance-starts-at-zero';
import { DomainEventsAndMail1763800000000 } from './1763800000000-domain-events-and-mail';
import { Keepsakes1763810000000 } from './1763810000000-keepsakes';
import { VideoClips1763820000000 } from './1763820000000-video-clips';
import { ScreenControls1763830000000 } from './1763830000000-screen-controls';
import { ModerationKeywords1763940000000 } from './1763940000000-moderation-keywords';
import { VoiceMessages1763950000000 } from './1763950000000-voice-messages';
import { Retention1763960000000 } from './1763960000000-retention';
import { OwnerTableOrder1763970000000 } from './1763970000000-owner-table-order';
import { MemoryHearts1763980000000 } from './1763980000000-memory-hearts';
import { WallReads1763990300000 } from './1763990300000-wall-reads';
import { MemoryPublicJson1764000000000 } from './1764000000000-memory-public-json';

/** Every migration, in order. New migrations are appended here. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  EventChargeOnce1763710000000,
  MemoryMedia1763720000000,
  UsernameSkeleton1763730000000,
  MemorySubmissionId1763741000000,
  HeldReasonCodes1763750000000,
  EventLanguageText1763752000000,
  ProviderBalanceStartsAtZero1763760000000,
  DomainEventsAndMail1763800000000,
  Keepsakes1763810000000,
  VideoClips1763820000000,
  ScreenControls1763830000000,
  ModerationKeywords1763940000000,
  VoiceMessages1763950000000,
  Retention1763960000000,
  OwnerTableOrder1763970000000,
  MemoryHearts1763980000000,
  WallReads1763990300000,
  MemoryPublicJson1764000000000,
];
