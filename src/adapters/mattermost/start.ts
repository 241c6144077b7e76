// The Mattermost front end as the composition root starts it (see src/main.ts).
import type { FrontEndStarter } from '../front-end.js';
import { createMattermostFrontEnd } from './front-end.js';

export const startMattermost: FrontEndStarter = (ctx) => createMattermostFrontEnd(ctx);
