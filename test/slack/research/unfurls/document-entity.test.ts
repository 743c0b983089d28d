/**
 * A research document as a Work Object (issue 32): the unfurl's entity and the side panel's, their
 * fields (title, company, category, date, summary, key passages), untrusted text made inert, every
 * text clamped to the Work Object limits, and the errors the panel shows.
 */
import type { EntityCustomField } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import type { DocumentDetail } from '../../../../src/service/types.js';
import { ACTION_IDS } from '../../../../src/slack/blocks/action-ids.js';
import { clampWorkObject, SLACK_LIMITS } from '../../../../src/slack/blocks/limits.js';
import { decodeDocButton } from '../../../../src/slack/kit/button-values.js';
import {
  DOCUMENT_ENTITY_TYPE,
  documentDetailsEntity,
  documentUnfurlEntity,
  keyPassagesOf,
} from '../../../../src/slack/research/unfurls/document-entity.js';
import { entityDetailsErrorOf, refusedDocument } from '../../../../src/slack/research/unfurls/entity-details-error.js';
import { documentIdOfEntity } from '../../../../src/slack/research/unfurls/entity-details-requested.js';
import { entityActionOrigin } from '../../../../src/slack/research/unfurls/ask-from-entity.js';
import { WorkspaceNotConnectedError } from '../../../../src/workspaces/workspace-errors.js';
import { buildChunk } from '../../blocks/fixtures.js';

function buildDetail(over: Partial<DocumentDetail> = {}): DocumentDetail {
  return {
    docId: 'doc_1',
    title: 'Kweichow Moutai: Q3 review',
    url: 'https://research.example.com/docs/doc_1',
    institution: 'CICC',
    publishedDate: '2025-06-30',
    category: 'research_reports',
    companies: [{ name: 'Kweichow Moutai', stocks: [{ symbol: 'SH:600519' }] }],
    tags: {},
    metadatas: {},
    summary: 'Revenue grew **12%**; margins held.',
    chunks: [buildChunk({ content: 'Revenue grew 12% on price increases.' }), buildChunk({ type: 'image', content: 'chart' })],
    ...over,
  } as DocumentDetail;
}

const POSTED = 'https://research.example.com/docs/doc_1?ref=chat';
const field = (fields: EntityCustomField[] | undefined, key: string) => fields?.find((f) => f.key === key);

describe('the unfurl entity of a document', () => {
  it('is a content item naming the document, with company, category, date, source and summary, and Ask the agent', () => {
    const entity = documentUnfurlEntity(buildDetail(), { postedUrl: POSTED });
    expect(entity).toMatchObject({
      entity_type: DOCUMENT_ENTITY_TYPE,
      external_ref: { id: 'doc_1', type: 'research_document' },
      url: 'https://research.example.com/docs/doc_1',
      app_unfurl_url: POSTED,
    });
    const payload = entity.entity_payload;
    expect(payload.attributes).toMatchObject({
      title: { text: 'Kweichow Moutai: Q3 review' },
      display_id: 'doc_1',
      product_name: 'Research Desk',
    });
    expect(field(payload.custom_fields, 'company')?.value).toBe('Kweichow Moutai (SH:600519)');
    expect(field(payload.custom_fields, 'category')?.value).toBe('Research reports');
    expect(field(payload.custom_fields, 'date')).toMatchObject({ type: 'slack#/types/date', value: '2025-06-30' });
    expect(field(payload.custom_fields, 'source')?.value).toBe('CICC');
    // The summary's Markdown read as plain text.
    expect(payload.fields).toEqual({ description: { value: 'Revenue grew 12%; margins held.' } });
    expect(payload.display_order).toEqual(['company', 'category', 'date', 'source', 'description']);
    const ask = payload.actions?.primary_actions?.[0];
    expect(ask).toMatchObject({ text: 'Ask the agent', action_id: ACTION_IDS.entityAsk, style: 'primary' });
    expect(decodeDocButton(ask?.value)).toMatchObject({ d: 'doc_1', t: 'Kweichow Moutai: Q3 review' });
  });

  it('leaves out what the document lacks, and falls back to the posted link for an unsafe URL', () => {
    const entity = documentUnfurlEntity(
      buildDetail({
        summary: undefined,
        category: undefined,
        institution: undefined,
        url: 'javascript:alert(1)',
        publishedDate: undefined,
      }),
      { postedUrl: POSTED },
    );
    expect(entity.url).toBe(POSTED);
    expect(entity.entity_payload.fields).toBeUndefined();
    expect(entity.entity_payload.custom_fields?.map((f) => f.key)).toEqual(['company']);
    expect(entity.entity_payload.display_order).toEqual(['company']);
  });

  it('makes untrusted text inert: no mention, broadcast or link token can form', () => {
    const entity = documentUnfurlEntity(
      buildDetail({ title: '<!channel> Buy now @here', summary: 'Call <@U123> and <!subteam^S1>', institution: '<#C1|general>' }),
      { postedUrl: POSTED },
    );
    // Everything Slack shows (the action's value is data sent back to the app, never displayed).
    const { actions: _actions, ...shown } = entity.entity_payload;
    const text = JSON.stringify(shown);
    for (const token of ['<!channel>', '<@U123>', '<!subteam', '<#C1', '@here']) expect(text).not.toContain(token);
    expect(entity.entity_payload.attributes.title.text).toContain('Buy now');
  });

  it('clamps every text to the Work Object limits', () => {
    const long = 'x'.repeat(20_000);
    const entity = documentUnfurlEntity(buildDetail({ title: long, summary: long, institution: long, docId: `d${'9'.repeat(400)}` }), {
      postedUrl: POSTED,
    });
    const p = entity.entity_payload;
    expect(p.attributes.title.text.length).toBeLessThanOrEqual(SLACK_LIMITS.workObjectTitleChars);
    expect(p.attributes.display_id?.length).toBeLessThanOrEqual(SLACK_LIMITS.workObjectDisplayIdChars);
    expect(p.fields && 'description' in p.fields ? p.fields.description?.value.length : 0).toBeLessThanOrEqual(600);
    for (const f of p.custom_fields ?? []) expect(String(f.value).length).toBeLessThanOrEqual(SLACK_LIMITS.workObjectFieldChars);
    for (const a of p.actions?.primary_actions ?? [])
      expect(a.value?.length ?? 0).toBeLessThanOrEqual(SLACK_LIMITS.workObjectActionValueChars);
  });
});

describe('the side panel entity', () => {
  it('has the whole summary and the key passages (text chunks only), and no app_unfurl_url', () => {
    const summary = `${'A sentence of the summary. '.repeat(40)}`;
    const doc = buildDetail({ summary });
    const entity = documentDetailsEntity(doc, keyPassagesOf(doc.chunks), 'https://research.example.com/docs/doc_1');
    expect(entity.app_unfurl_url).toBeUndefined();
    const p = entity.entity_payload;
    expect(p.fields && 'description' in p.fields ? p.fields.description?.value.length : 0).toBeGreaterThan(600);
    expect(field(p.custom_fields, 'passage_1')).toMatchObject({
      label: 'Key passage 1',
      long: true,
      value: 'Revenue grew 12% on price increases.',
    });
    expect(field(p.custom_fields, 'passage_2')).toBeUndefined();
    expect(p.display_order?.at(-1)).toBe('passage_1');
  });

  it('keeps at most three passages, each an excerpt', () => {
    const chunks = Array.from({ length: 6 }, (_, i) => buildChunk({ content: `Passage ${i} ${'word '.repeat(400)}` }));
    const passages = keyPassagesOf(chunks);
    expect(passages).toHaveLength(3);
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(700);
  });
});

describe('clampWorkObject', () => {
  it('keeps two primary and five overflow actions, drops a URL too long to send, and display_order only names fields it keeps', () => {
    const action = (i: number) => ({
      text: `Action ${i}`,
      action_id: `a${i}`,
      url: i === 0 ? `https://x.example/${'p'.repeat(3001)}` : 'https://x.example/',
    });
    const clamped = clampWorkObject({
      entity_type: DOCUMENT_ENTITY_TYPE,
      external_ref: { id: 'd' },
      url: 'https://x.example/',
      entity_payload: {
        attributes: { title: { text: 'T' } },
        custom_fields: Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, label: 'L', type: 'string', value: 'v' })),
        display_order: ['k0', 'k19', 'missing'],
        actions: { primary_actions: [0, 1, 2].map(action), overflow_actions: [0, 1, 2, 3, 4, 5, 6].map(action) },
      },
    });
    const p = clamped.entity_payload;
    expect(p.actions?.primary_actions).toHaveLength(2);
    expect(p.actions?.primary_actions?.[0]?.url).toBeUndefined();
    expect(p.actions?.overflow_actions).toHaveLength(5);
    expect(p.custom_fields).toHaveLength(SLACK_LIMITS.workObjectCustomFields);
    expect(p.display_order).toEqual(['k0']);
  });
});

describe('the panel’s errors and what an opened entity names', () => {
  it('says what failed in words Slack shows', () => {
    const err = (kind: ConstructorParameters<typeof ServiceError>[0]) => new ServiceError(kind, 'x', { method: 'GET', path: '/v1/docs/d' });
    expect(entityDetailsErrorOf(err('not_found'))).toEqual({ status: 'not_found' });
    expect(entityDetailsErrorOf(err('timeout'))).toEqual({ status: 'timeout' });
    expect(entityDetailsErrorOf(err('upstream'))).toMatchObject({
      status: 'custom',
      custom_title: 'The research service is not answering',
    });
    expect(entityDetailsErrorOf(err('rate_limited'))).toMatchObject({ status: 'custom', custom_title: 'The research service is busy' });
    expect(entityDetailsErrorOf(new WorkspaceNotConnectedError('T1'))).toMatchObject({
      status: 'custom',
      custom_title: 'Research Desk is not connected',
    });
    expect(entityDetailsErrorOf(new Error('boom'))).toMatchObject({ status: 'custom', custom_message: expect.stringContaining('Refresh') });
    expect(refusedDocument('<!here> no')).toMatchObject({ status: 'custom' });
    expect(JSON.stringify(refusedDocument('<!here> no'))).not.toContain('<!here>');
  });

  it('reads the document from its own external_ref, else from the link', () => {
    const domains = ['research.example.com'];
    const url = 'https://research.example.com/docs/doc_9';
    expect(documentIdOfEntity({ external_ref: { id: 'doc_1', type: 'research_document' }, entity_url: url }, domains)).toBe('doc_1');
    expect(documentIdOfEntity({ external_ref: { id: 'other', type: 'ticket' }, entity_url: url }, domains)).toBe('doc_9');
    expect(documentIdOfEntity({ entity_url: 'https://elsewhere.example.com/x', app_unfurl_url: url }, domains)).toBe('doc_9');
    expect(documentIdOfEntity({ entity_url: 'https://elsewhere.example.com/x' }, domains)).toBeUndefined();
  });

  it('reads where an entity action comes from: the side panel or the unfurl, and its message', () => {
    expect(entityActionOrigin({ container: { type: 'entity_detail', channel_id: 'C1', message_ts: '1.2', thread_ts: '1.0' } })).toEqual({
      kind: 'entity_detail',
      channelId: 'C1',
      messageTs: '1.2',
      threadTs: '1.0',
    });
    expect(entityActionOrigin({ container: { type: 'message_attachment', message_ts: '1.2' }, channel: { id: 'C2' } })).toEqual({
      kind: 'message_attachment',
      channelId: 'C2',
      messageTs: '1.2',
    });
    expect(entityActionOrigin({})).toEqual({ kind: 'other' });
  });
});
