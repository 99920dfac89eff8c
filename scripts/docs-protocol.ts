import { writeFileSync } from 'node:fs';
import { protocolDocs } from '../server/src/protocolDocs/files';

/** Writes docs/live-protocol.md and docs/asyncapi.json from the live protocol's schemas and table. */
for (const file of protocolDocs()) {
  writeFileSync(file.path, file.content);
  console.log(`wrote ${file.path}`);
}
