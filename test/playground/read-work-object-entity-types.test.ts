/** The playground's Slack takes the Work Object entity types manifest.yml turns on (issue 32). */
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { readWorkObjectEntityTypes } from '../../src/playground/read-work-object-entity-types.js';
import { DOCUMENT_ENTITY_TYPE } from '../../src/slack/research/unfurls/document-entity.js';

describe('readWorkObjectEntityTypes', () => {
  it('reads features.rich_previews.entity_types of the repository’s manifest: the documents’ type', async () => {
    expect(await readWorkObjectEntityTypes(createMemoryLogger(createRedactor([])))).toEqual([DOCUMENT_ENTITY_TYPE]);
  });
});
