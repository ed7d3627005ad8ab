// Local only (not committed): the journey config without its global platform, for a loaded machine.
import base from './playwright.config';
export default { ...base, globalSetup: undefined, globalTeardown: undefined };
