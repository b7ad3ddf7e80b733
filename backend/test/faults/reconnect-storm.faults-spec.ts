import { useWallStorm } from '../memories/wall-storm';
import { FaultScenario } from './scenario';

const SCREENS = 2000;

jest.setTimeout(180_000);

const scenario = new FaultScenario({
  id: 12,
  title: `Reconnect storm: ${SCREENS.toLocaleString('en-US')} screens at once`,
  tried:
    `${SCREENS.toLocaleString('en-US')} reads of one wall of 50 memories, each on a connection of its own, all sent at once to an ` +
    'instance that had never seen the event; then the removal of a shown memory announced on the feed, and the same storm again.',
  ifBroken: 'every reconnecting screen costs a wall query, and a venue restart turns into a database overload',
});

/** The integration test's storm at a venue's full size (issue #30): one wall query per version. */
describe('fault 12: a reconnect storm of wall reads', () => {
  const w = useWallStorm();

  afterAll(() => scenario.save());

  it(`runs one wall query per version for ${SCREENS} concurrent reads, after a restart and after a change`, () =>
    scenario.run(async (s) => {
      const { eventId, memories } = await w.wallOfFifty();
      const scansBefore = await w.memoryScans();
      const buildsBefore = await w.wallBuilds();

      let startedAt = Date.now();
      const first = await w.storm(eventId, SCREENS);
      s.key('First storm, all answered', Date.now() - startedAt, 'ms');
      expect(JSON.parse(first.body).memories).toHaveLength(50);
      expect(await w.wallBuilds()).toBe(buildsBefore + 1);
      expect(await w.memoryScans()).toBe(scansBefore + 1);
      s.holds(`${SCREENS} reads of a wall the instance had never built: one build, one scan of the memories table`);

      await w.announceRemoval(eventId, memories[7].id);
      startedAt = Date.now();
      const second = await w.storm(eventId, SCREENS);
      s.key('Storm after a change, all answered', Date.now() - startedAt, 'ms');
      expect(second.body).toBe(first.body);
      expect(await w.wallBuilds()).toBe(buildsBefore + 2);
      expect(await w.memoryScans()).toBe(scansBefore + 2);
      s.holds(`${SCREENS} reads after a change: one more build and one more scan, every screen the same bytes`);
    }));
});
