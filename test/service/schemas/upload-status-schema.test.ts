import { describe, expect, it } from 'vitest';
import { uploadStatusSchema } from '../../../src/service/schemas/upload-status-schema.js';

const read = (body: unknown) => uploadStatusSchema.parse(body);

describe('upload status', () => {
  it('reads each status of the schema’s enum as itself', () => {
    for (const status of ['pending', 'processing', 'completed']) expect(read({ id: '1', status })).toEqual({ docId: '1', state: status });
  });

  it('reads any other status as failed, with the service’s words in order message, error, reason, detail', () => {
    expect(read({ id: '1', status: 'failed', message: 'PDF is encrypted' })).toEqual({
      docId: '1',
      state: 'failed',
      reason: 'PDF is encrypted',
    });
    expect(read({ id: '1', status: 'error', error: 'parse error' })).toMatchObject({ state: 'failed', reason: 'parse error' });
    expect(read({ id: '1', status: 'error', message: '  ', reason: 'bad pages' })).toMatchObject({ reason: 'bad pages' });
    expect(read({ id: '1', status: 'FAILED', detail: 'broken xref' })).toMatchObject({ state: 'failed', reason: 'broken xref' });
  });

  it('gives the unknown status itself as the reason when the service says nothing more', () => {
    expect(read({ id: '1', status: 'parse_error' })).toEqual({ docId: '1', state: 'failed', reason: 'parse_error' });
    expect(read({ id: '1', status: 'Completed' })).toMatchObject({ state: 'failed', reason: 'Completed' });
    expect(read({ id: '1', status: '' })).toMatchObject({ state: 'failed', reason: 'unknown status' });
  });

  it('keeps a long reason short, reads doc_id for id, and refuses a body without a status', () => {
    expect(read({ id: '1', status: 'x', message: 'y'.repeat(1000) }).reason).toHaveLength(300);
    expect(read({ doc_id: '2', status: 'pending' })).toEqual({ docId: '2', state: 'pending' });
    expect(read({ status: 'pending' })).toEqual({ state: 'pending' });
    expect(uploadStatusSchema.safeParse({ id: '1' }).success).toBe(false);
    expect(uploadStatusSchema.safeParse({ id: '1', status: 3 }).success).toBe(false);
  });
});
