// Stops when the dev port is taken instead of letting the dev server drift to another port while every URL still names SITE_URL.
import { devPort, portInUse, portInUseMessage } from '../src/dev/dev-port';
import { env } from '../src/server/platform/env';

const port = devPort(env.SITE_URL);
if (await portInUse(port)) {
  console.error(portInUseMessage(port));
  process.exit(1);
}
