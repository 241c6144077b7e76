// The Discord front end as the composition root starts it (see src/main.ts).
import type { FrontEndStarter } from '../front-end.js';
import { createDiscordFrontEnd } from './front-end.js';

export const startDiscord: FrontEndStarter = (ctx) => createDiscordFrontEnd(ctx);
