/** The connect modal: what it shows, and the field errors of its inputs before anything is called (pure). */
import { describe, expect, it } from 'vitest';
import { CONNECT_MODAL } from '../../../src/slack/blocks/action-ids.js';
import {
  connectModalErrors,
  isReplacingForm,
  parseConnectModal,
  rejectedField,
  renderConnectChecking,
  renderConnectConnected,
  renderConnectModal,
} from '../../../src/slack/home/connect-modal.js';

describe('renderConnectModal', () => {
  it('asks for the key, says it is checked and stored encrypted, and never prefills it', () => {
    const view = renderConnectModal({ allowCustomBaseUrl: false, defaultBaseUrl: 'https://svc.example', replacing: false });
    const text = JSON.stringify(view);
    expect(view.callback_id).toBe(CONNECT_MODAL.callbackId);
    expect(text).toContain('checked with the research service before it is saved');
    expect(text).toContain('stored encrypted');
    expect(text).not.toContain(CONNECT_MODAL.blocks.baseUrl);
    expect(view.private_metadata).toBeUndefined();
  });

  it('offers the base URL, prefilled with the default, only where workspaces may choose it', () => {
    const view = renderConnectModal({ allowCustomBaseUrl: true, defaultBaseUrl: 'https://svc.example', replacing: true });
    const text = JSON.stringify(view);
    expect(text).toContain(CONNECT_MODAL.blocks.baseUrl);
    expect(text).toContain('"initial_value":"https://svc.example"');
    expect(view.title.text).toBe('Change the key');
  });

  it('marks the form that changes a key, so the form shown again after a failed check keeps its title', () => {
    const replacing = renderConnectModal({ allowCustomBaseUrl: false, defaultBaseUrl: '', replacing: true });
    expect(isReplacingForm(replacing.private_metadata)).toBe(true);
    expect(isReplacingForm(renderConnectModal({ allowCustomBaseUrl: false, defaultBaseUrl: '', replacing: false }).private_metadata)).toBe(
      false,
    );
    expect(isReplacingForm(undefined)).toBe(false);
  });

  it('shows the form again with what to fix under its field, the typed URL kept, escaped', () => {
    const view = renderConnectModal({
      allowCustomBaseUrl: true,
      defaultBaseUrl: 'https://svc.example',
      replacing: false,
      typedBaseUrl: 'https://mine.example',
      errors: { baseUrl: 'Nothing answered at <!here> & there.' },
    });
    const ids = view.blocks.map((b) => b.block_id);
    expect(ids).toEqual([CONNECT_MODAL.blocks.apiKey, CONNECT_MODAL.blocks.baseUrl, `${CONNECT_MODAL.blocks.baseUrl}_error`]);
    const text = JSON.stringify(view);
    expect(text).toContain('"initial_value":"https://mine.example"');
    expect(text).toContain('Nothing answered at &lt;!here&gt; &amp; there.');
    expect(text).not.toContain('<!here>');
    expect(view.submit?.text).toBe('Connect');
  });
});

describe('renderConnectChecking and renderConnectConnected', () => {
  it('the checking view has nothing to submit and says the Home tab tells the outcome', () => {
    const view = renderConnectChecking();
    expect(view.callback_id).toBe(CONNECT_MODAL.checkingCallbackId);
    expect(view.submit).toBeUndefined();
    expect(view.blocks.some((b) => b.type === 'input')).toBe(false);
    expect(JSON.stringify(view)).toContain('Home tab');
  });

  it('the connected view names the service and the key hint, escaped, and nothing to submit', () => {
    const view = renderConnectConnected({ baseUrl: 'https://svc.example/<@U1>', keyHint: '…9f3a' });
    const text = JSON.stringify(view);
    expect(view.callback_id).toBe(CONNECT_MODAL.connectedCallbackId);
    expect(view.submit).toBeUndefined();
    expect(text).toContain('Connected ✓');
    expect(text).toContain('You can close this');
    expect(text).toContain('https://svc.example/&lt;@U1&gt;');
    expect(text).toContain('…9f3a');
  });
});

describe('parseConnectModal', () => {
  it('trims the key and the URL', () => {
    expect(parseConnectModal({ apiKey: '  sk-123  ', baseUrl: ' https://svc.example ' }, { allowCustomBaseUrl: true })).toEqual({
      ok: true,
      apiKey: 'sk-123',
      baseUrl: 'https://svc.example',
    });
  });

  it('ignores a base URL the deployment does not let workspaces choose', () => {
    expect(parseConnectModal({ apiKey: 'sk-123', baseUrl: 'https://elsewhere.example' }, { allowCustomBaseUrl: false })).toEqual({
      ok: true,
      apiKey: 'sk-123',
    });
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n '],
    ['missing', null],
    ['with spaces inside', 'sk-1 sk-2'],
    ['too long', 'k'.repeat(501)],
  ])('refuses a key that is %s on its field', (_name, apiKey) => {
    const parsed = parseConnectModal({ apiKey }, { allowCustomBaseUrl: false });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.errors)).toEqual(['apiKey']);
  });

  it.each(['', 'svc.example', 'ftp://svc.example', 'javascript:alert(1)'])('refuses the base URL %j on its field', (baseUrl) => {
    const parsed = parseConnectModal({ apiKey: 'sk-123', baseUrl }, { allowCustomBaseUrl: true });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.errors)).toEqual(['baseUrl']);
  });

  it('never echoes the key in a field error', () => {
    const key = 'sk-secret with space';
    const parsed = parseConnectModal({ apiKey: key }, { allowCustomBaseUrl: false });
    expect(JSON.stringify(parsed)).not.toContain('sk-secret');
  });
});

describe('connectModalErrors', () => {
  it('puts each message under its input block', () => {
    expect(connectModalErrors({ apiKey: 'bad key', baseUrl: 'bad url' })).toEqual({
      response_action: 'errors',
      errors: { [CONNECT_MODAL.blocks.apiKey]: 'bad key', [CONNECT_MODAL.blocks.baseUrl]: 'bad url' },
    });
  });

  it('names the key field for a rejected URL when the URL input is not shown', () => {
    expect(rejectedField({ field: 'base_url' }, true)).toBe('baseUrl');
    expect(rejectedField({ field: 'base_url' }, false)).toBe('apiKey');
    expect(rejectedField({ field: 'api_key' }, true)).toBe('apiKey');
  });
});
