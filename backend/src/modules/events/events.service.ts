/**
 * The memories module's name for PublishedEvents. Its files are being reworked on another branch, so they
 * keep this import until they take PublishedEvents from './published-events' themselves.
 */
export { PublishedEvents as EventsService } from './published-events';
