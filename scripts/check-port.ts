// Runs before `astro dev` (`npm start`, `npm run dev`): stops with a clear message when
// the dev port is taken, instead of letting the dev server drift to the next free port
// (4322 is `npm run serve`'s) while every URL it prints and renders still names SITE_URL.
import { devPort, portInUse, portInUseMessage } from '../src/dev/dev-port';
import { env } from '../src/server/platform/env';

const port = devPort(env.SITE_URL);
if (await portInUse(port)) {
  console.error(portInUseMessage(port));
  process.exit(1);
}
