// The message composer: Enter sends, Shift+Enter breaks the line. `/` offers the app's commands
// with their usage hints, `@` people and apps, `#` channels; picked mentions read as names in the
// box, are highlighted like Slack's pills, and are sent encoded (`<@U…>`, `<#C…|name>`).

import { h, clear } from './dom.js';
import { findTrigger, suggestionsFor, suggestionsHeading } from './composer-suggestions.js';
import { encodeComposerText, tokenSegments } from './composer-tokens.js';
import { commandOf } from './slash-commands.js';
import { createAttachment } from './composer-attachment.js';

/**
 * createComposer({ placeholder, label, botName: () => string, commands: () => [{command, description, usageHint}],
 *   directory: () => ({ users, channels }), onSend(text) → Promise<boolean>,
 *   onSendFile?(file, text) → Promise<boolean> })
 *   → { el, input, focus(), setPlaceholder() }
 * With onSendFile, "+" attaches a file (as Slack's "Upload from your computer"): it is sent with the
 * text as one message.
 */
let composerCount = 0;

export function createComposer({
  placeholder,
  botName = () => 'Research Desk',
  commands = () => [],
  directory = () => ({ users: [], channels: [] }),
  onSend,
  onSendFile,
  label = 'Message',
}) {
  const input = h('textarea', {
    class: 'composer-input',
    rows: 1,
    placeholder,
    'aria-label': label,
    'aria-autocomplete': 'list',
    autocomplete: 'off',
    spellcheck: 'true',
  });
  // Drawn behind the transparent text box with the same metrics: only the token pills show.
  const highlights = h('div', { class: 'composer-highlights', 'aria-hidden': 'true' });
  const suggestions = h('ul', { class: 'composer-suggestions', role: 'listbox', hidden: true, 'aria-label': 'Suggestions' });
  const send = h(
    'button',
    { type: 'button', class: 'composer-send', 'aria-label': 'Send now', title: 'Send (Enter)', disabled: true },
    sendIcon(),
  );
  const hint = h('div', { class: 'composer-hint' });
  const attachment = createAttachment(() => autosize());
  const box = h(
    'div',
    { class: 'composer-box' },
    attachment.chip,
    h('div', { class: 'composer-field' }, highlights, input),
    h(
      'div',
      { class: 'composer-toolbar' },
      onSendFile ? attachment.button : null,
      onSendFile ? attachment.picker : null,
      h(
        'span',
        { class: 'composer-tools', 'aria-hidden': 'true' },
        onSendFile ? null : h('span', null, '+'),
        h('span', { class: 'b' }, 'B'),
        h('span', { class: 'i' }, 'I'),
        h('span', null, '@'),
        h('span', null, '☺'),
      ),
      send,
    ),
  );
  const el = h('div', { class: 'composer' }, suggestions, box, hint);
  let trigger = null;
  let items = [];
  let active = 0;
  let lastQuery = '';
  const optionIdPrefix = `composer-${++composerCount}-option-`;
  let busy = false;
  let tokens = [];

  const drawHighlights = () => {
    tokens = tokens.filter((t) => input.value.includes(t.label));
    highlights.replaceChildren(
      ...tokenSegments(input.value, tokens).map((s) =>
        s.kind ? h('mark', { class: `composer-token composer-token-${s.kind}` }, s.text) : document.createTextNode(s.text),
      ),
      // A trailing newline needs a character after it to take up its line, as in the text box.
      document.createTextNode('\u200b'),
    );
    highlights.scrollTop = input.scrollTop;
  };

  const drawHint = () => {
    const command = /^\/\S+\s/.test(input.value) ? commandOf(input.value, commands()) : undefined;
    if (command?.usageHint) {
      hint.replaceChildren(
        h('span', { class: 'composer-usage' }, h('b', null, command.command), ' ', command.usageHint),
        command.description ? h('span', { class: 'composer-usage-description' }, ` · ${command.description}`) : null,
      );
      return;
    }
    hint.replaceChildren(
      h(
        'span',
        null,
        h('b', null, 'Enter'),
        ' to send · ',
        h('b', null, 'Shift + Enter'),
        ' for a new line · ',
        h('code', null, '/'),
        ' commands, ',
        h('code', null, '@'),
        ' people and apps, ',
        h('code', null, '#'),
        ' channels · try ',
        h('code', null, `@${botName()}`),
      ),
    );
  };

  const autosize = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(200, input.scrollHeight)}px`;
    send.disabled = (input.value.trim() === '' && attachment.file() === null) || busy;
    drawHighlights();
    drawHint();
  };

  const renderSuggestions = () => {
    trigger = findTrigger(input.value, input.selectionStart ?? input.value.length);
    items = suggestionsFor(trigger, directory(), commands());
    // A changed query starts again at the best match, as Slack's list does.
    const query = trigger ? `${trigger.kind}:${trigger.query}` : '';
    if (query !== lastQuery || active >= items.length) active = 0;
    lastQuery = query;
    clear(suggestions);
    suggestions.hidden = items.length === 0;
    input.setAttribute('aria-expanded', String(items.length > 0));
    if (items.length > 0) input.setAttribute('aria-activedescendant', `${optionIdPrefix}${active}`);
    else input.removeAttribute('aria-activedescendant');
    if (items.length > 0)
      suggestions.appendChild(h('li', { class: 'suggestions-heading', role: 'presentation' }, suggestionsHeading(trigger)));
    items.forEach((item, index) => {
      suggestions.appendChild(
        h(
          'li',
          {
            class: `suggestion suggestion-${item.kind}${index === active ? ' active' : ''}`,
            id: `${optionIdPrefix}${index}`,
            role: 'option',
            'aria-selected': index === active ? 'true' : 'false',
            onmousedown: (e) => {
              e.preventDefault();
              pick(index);
            },
          },
          h(
            'span',
            { class: 'suggestion-title' },
            item.title,
            item.usage ? h('span', { class: 'suggestion-usage' }, ` ${item.usage}`) : null,
          ),
          item.description ? h('span', { class: 'suggestion-description' }, item.description) : null,
        ),
      );
    });
  };

  const closeSuggestions = () => {
    suggestions.hidden = true;
    items = [];
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };

  const pick = (index) => {
    const item = items[index];
    if (!item || !trigger) return;
    if (item.kind === 'command') {
      input.value = item.insert;
      input.setSelectionRange(input.value.length, input.value.length);
    } else {
      const caret = input.selectionStart ?? input.value.length;
      const inserted = `${item.label} `;
      input.value = `${input.value.slice(0, trigger.start)}${inserted}${input.value.slice(caret)}`;
      const end = trigger.start + inserted.length;
      input.setSelectionRange(end, end);
      tokens = [...tokens.filter((t) => t.label !== item.label), { kind: item.kind, id: item.id, label: item.label }];
    }
    active = 0;
    renderSuggestions();
    autosize();
    input.focus();
  };

  const submitFile = async () => {
    const file = attachment.file();
    const text = input.value.trim();
    const picked = tokens;
    busy = true;
    send.disabled = true;
    input.value = '';
    tokens = [];
    attachment.clear();
    closeSuggestions();
    autosize();
    try {
      if ((await onSendFile(file, encodeComposerText(text, picked, {}))) === false) {
        input.value = text;
        tokens = picked;
        attachment.set(file);
      }
    } finally {
      busy = false;
      autosize();
      input.focus();
    }
  };

  const submit = async () => {
    if (busy) return;
    if (attachment.file() !== null && onSendFile) return submitFile();
    const text = input.value.trim();
    if (text === '') return;
    const picked = tokens;
    const wire = encodeComposerText(text, picked, { command: text.startsWith('/') ? (commandOf(text, commands()) ?? {}) : undefined });
    busy = true;
    send.disabled = true;
    input.value = '';
    tokens = [];
    closeSuggestions();
    autosize();
    try {
      const accepted = await onSend(wire);
      if (accepted === false) {
        input.value = text;
        tokens = picked;
      }
    } finally {
      busy = false;
      autosize();
      input.focus();
    }
  };

  input.addEventListener('input', () => {
    autosize();
    renderSuggestions();
  });
  input.addEventListener('scroll', () => {
    highlights.scrollTop = input.scrollTop;
  });
  input.addEventListener('blur', closeSuggestions);
  input.addEventListener('focus', renderSuggestions);
  input.addEventListener('keydown', (e) => {
    const open = !suggestions.hidden && items.length > 0;
    if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      renderSuggestions();
    } else if (open && (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey && !e.isComposing))) {
      e.preventDefault();
      pick(active);
    } else if (open && e.key === 'Escape') {
      e.preventDefault();
      closeSuggestions();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  send.addEventListener('click', submit);
  drawHint();

  return {
    el,
    input,
    focus: () => input.focus(),
    setPlaceholder: (text) => {
      input.placeholder = text;
    },
  };
}

function sendIcon() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 20 20');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute(
    'd',
    'M1.5 2.1 18.6 9.4c.5.2.5.9 0 1.1L1.5 17.9c-.5.2-1-.3-.8-.8L3.4 10 .7 2.9c-.2-.5.3-1 .8-.8Zm2.9 8.6-2 5.2L15.6 10 2.4 4.1l2 5.1H10a.75.75 0 0 1 0 1.5H4.4Z',
  );
  path.setAttribute('fill', 'currentColor');
  svg.appendChild(path);
  return svg;
}
