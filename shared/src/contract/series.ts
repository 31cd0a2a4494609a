/**
 * A captain's weekly series (issue #30): its limits, texts and the weeks it covers, as the wizard and
 * the API compute them alike. The rules live in the domain; this is the web's and services' door to them.
 */
export * from '../domain/availability/series';
export { dateIn } from '../domain/availability/weekly';
