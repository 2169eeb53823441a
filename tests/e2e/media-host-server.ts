// TEST SETUP ONLY: the end-to-end run's external media host (see media-host.ts), started by playwright.config.ts.
import { startMediaHost } from './media-host';

await startMediaHost();
