import { LANGUAGES, Language } from '@memory-wall/contracts';
import { en, type Resources } from './en';
import { accessTexts } from './pages/access';
import { aiModerationTexts } from './pages/aiModeration';
import { adminTexts } from './pages/admin';
import { authTexts } from './pages/auth';
import { billingTexts } from './pages/billing';
import { contributeFormTexts, contributePageTexts, thankYouCardTexts, thankYouTexts } from './pages/contribute';
import { contributeMediaTexts } from './pages/contributeMedia';
import { creditsTexts } from './pages/credits';
import { customerWallTexts } from './pages/customerWall';
import { customersTexts } from './pages/customers';
import { dashboardTexts } from './pages/dashboard';
import { displayTexts } from './pages/display';
import { screensTexts } from './pages/screens';
import { eventCodeTexts } from './pages/eventCode';
import { eventsTexts } from './pages/events';
import { galleryTexts } from './pages/gallery';
import { heldReasonTexts } from './pages/heldReasons';
import { keepsakesTexts } from './pages/keepsakes';
import { landingTexts } from './pages/landing';
import { memoryCardTexts, memoryWallTexts } from './pages/memories';
import { moderationTexts } from './pages/moderation';
import { myMemoriesTexts } from './pages/myMemories';
import { moderationTypeTexts } from './pages/moderationTypes';
import { presentationTexts } from './pages/presentation';
import { profileTexts } from './pages/profile';
import { qrCodeTexts } from './pages/qrcode';
import { queuesTexts } from './pages/queues';
import { rolesTexts } from './pages/roles';
import { tablesTexts } from './pages/tables';
import { wallSettingsTexts } from './pages/wallSettings';

/** Every English text: the core ones and each page's, under the key its page adds them with. */
const english: Resources = {
  ...en,
  access: accessTexts,
  aiModeration: aiModerationTexts,
  admin: adminTexts,
  auth: authTexts,
  billing: billingTexts,
  tables: tablesTexts,
  contribute: contributeFormTexts,
  contributePage: { ...contributePageTexts, ...contributeMediaTexts },
  thankYou: thankYouCardTexts,
  thankYouPage: thankYouTexts,
  credits: creditsTexts,
  customerWall: customerWallTexts,
  customers: customersTexts,
  dashboard: dashboardTexts,
  display: displayTexts,
  eventCode: eventCodeTexts,
  heldReasons: heldReasonTexts,
  events: eventsTexts,
  gallery: galleryTexts,
  keepsakes: keepsakesTexts,
  landing: landingTexts,
  memoryCard: memoryCardTexts,
  memoryWall: memoryWallTexts,
  moderationPage: moderationTexts,
  moderationTypes: moderationTypeTexts,
  myMemories: myMemoriesTexts,
  presentation: presentationTexts,
  profile: profileTexts,
  qrcode: qrCodeTexts,
  queues: queuesTexts,
  roles: rolesTexts,
  screens: screensTexts,
  wallSettings: wallSettingsTexts,
};

/** Each text's dotted key and its words. */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object')
      leaves(value, `${prefix}${key}.`).forEach((text, path) => found.set(path, text));
    else found.set(`${prefix}${key}`, value);
  }
  return found;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const englishTexts = leaves(english);
const others = LANGUAGES.filter((language) => language !== Language.En);

describe.each(others)('the %s catalogue', (language) => {
  let texts: Map<string, unknown>;
  beforeAll(async () => {
    // The same file the app downloads when the language is chosen (src/i18n/index.ts).
    const { catalogue } = (await import(`./locales/${language}.ts`)) as { catalogue: Resources };
    texts = leaves(catalogue);
  });

  it('has every text key of the English texts, and no other', () => {
    const missing = [...englishTexts.keys()].filter((key) => !texts.has(key));
    const extra = [...texts.keys()].filter((key) => !englishTexts.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('says something for every key, with the same {{values}} as in English', () => {
    const wrong = [...englishTexts].flatMap(([key, englishText]) => {
      const text = texts.get(key);
      if (typeof text !== 'string' || !text.trim()) return [`${key}: empty`];
      const expected = placeholders(String(englishText));
      return expected.join() === placeholders(text).join()
        ? []
        : [`${key}: ${placeholders(text).join()} instead of ${expected.join()}`];
    });
    expect(wrong).toEqual([]);
  });
});
