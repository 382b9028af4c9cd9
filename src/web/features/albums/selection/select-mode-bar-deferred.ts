import { deferredComponent } from '../../../components/deferred-component';

/** The bar and its dialogs are needed only once Select mode is entered: the home's first paint does without their code. */
export const DeferredSelectModeBar = deferredComponent(() => import('./select-mode-bar').then((m) => m.SelectModeBar));
