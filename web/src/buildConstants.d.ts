/** Set by vite.config.ts at build time. */
/** Where the face checks' model and wasm runtime are served: /proctor-models/<package versions>/. */
declare const __PROCTOR_MODELS__: string;
