import { createActorContext } from '@xstate/react';
import { examTakingMachine } from './examTakingMachine';

/** The running exam machine, shared by the screen's parts (each selects only what it shows). */
export const ExamActor = createActorContext(examTakingMachine);
