import type { FlagDecisionKind, IntegrityOutcome, IntegrityState, ResultHold } from '@exam/shared';
import { i18n } from '../../i18n';

/** A text of the integrity catalogue, read when shown (the catalogues load after the modules). */
export const itext = (key: string, values?: Record<string, unknown>) => i18n.t(`integrity:${key}`, values);

/** Each state as words on a colour: the words carry the meaning, the colour only repeats it. */
export const STATE_COLOR: Record<IntegrityState, string> = { clear: 'green', needs_review: 'yellow', confirmed: 'red' };
export const stateText = (state: IntegrityState) => itext(`states.${state}`);

export const OUTCOME_COLOR: Record<IntegrityOutcome, string> = { keep: 'blue', zero: 'red', withhold: 'orange' };
export const outcomeText = (outcome: IntegrityOutcome) => itext(`outcomes.${outcome}`);

export const holdText = (hold: ResultHold) => itext(`holds.${hold}`);

/** A flag's standing decision in words: 'Confirmed', 'Dismissed', 'Undecided'. */
export const decisionText = (decision: FlagDecisionKind | null) => itext(`decisions.${decision ?? 'none'}`);
export const DECISION_COLOR: Record<FlagDecisionKind | 'none', string> = { confirm: 'red', dismiss: 'gray', none: 'yellow' };
