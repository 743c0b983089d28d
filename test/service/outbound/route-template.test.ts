import { describe, expect, it } from 'vitest';
import { routeTemplate } from '../../../src/service/outbound/route-template.js';

describe('routeTemplate', () => {
  it('keeps routes without ids as they are (the same string)', () => {
    for (const path of [
      '/v1/search',
      '/v1/search/chunks',
      '/v1/agent/conversations',
      '/v1/stock/company-overview',
      '/v1/concepts/latest',
    ]) {
      expect(routeTemplate(path)).toBe(path);
    }
  });

  it('names conversation, message and document ids {id}', () => {
    expect(routeTemplate('/v1/agent/conversations/123456')).toBe('/v1/agent/conversations/{id}');
    expect(routeTemplate('/v1/agent/conversations/123456/messages')).toBe('/v1/agent/conversations/{id}/messages');
    expect(routeTemplate('/v1/agent/conversations/123456/chat')).toBe('/v1/agent/conversations/{id}/chat');
    expect(routeTemplate('/v1/agent/conversations/12/messages/a%2Fb')).toBe('/v1/agent/conversations/{id}/messages/{id}');
    expect(routeTemplate('/v1/agent/conversations/12/messages/34/cancel')).toBe('/v1/agent/conversations/{id}/messages/{id}/cancel');
    expect(routeTemplate('/v1/docs/doc-9')).toBe('/v1/docs/{id}');
    expect(routeTemplate('/v1/docs/doc-9/summary')).toBe('/v1/docs/{id}/summary');
    expect(routeTemplate('/v1/docs/doc-9/upload/status')).toBe('/v1/docs/{id}/upload/status');
    expect(routeTemplate('/v1/docs/doc-9/raw-content')).toBe('/v1/docs/{id}/raw-content');
  });

  it('keeps the document routes whose second word is not an id', () => {
    for (const path of ['/v1/docs/upload/form', '/v1/docs/delete', '/v1/docs/folder/create', '/v1/docs/folder/delete', '/v1/docs/tags']) {
      expect(routeTemplate(path)).toBe(path);
    }
  });

  it('takes an id that spells a route word for an id all the same', () => {
    expect(routeTemplate('/v1/agent/conversations/messages/messages')).toBe('/v1/agent/conversations/{id}/messages');
  });
});
