// Entry of the prerendered landing page (scripts/prerender-landing.mjs): nothing but the dialogs.
import { enhanceLanding } from './enhance-landing';

enhanceLanding(document);
