// The message composer: Enter sends, Shift+Enter breaks the line; '/' and '@' open a small
// autocomplete for the app's three commands and its mention.

import { h, clear } from './dom.js';

export const COMMANDS = [
  { command: '/research', usage: '/research [question or ticker]', description: 'Search filings and research; run the agent' },
  { command: '/financials', usage: '/financials [ticker] [period]', description: "A company's key financials" },
  { command: '/concepts', usage: '/concepts [topic]', description: 'Trending concepts and the companies behind them' },
];

/**
 * createComposer({ placeholder, botName: () => string, onSend(text) → Promise<boolean> }) → { el, input, focus(), setPlaceholder() }
 */
export function createComposer({ placeholder, botName: nameOf = () => 'Research Desk', onSend, label = 'Message' }) {
  const botName = () => nameOf();
  const input = h('textarea', {
    class: 'composer-input',
    rows: 1,
    placeholder,
    'aria-label': label,
    'aria-autocomplete': 'list',
    autocomplete: 'off',
    spellcheck: 'true',
  });
  const suggestions = h('ul', { class: 'composer-suggestions', role: 'listbox', hidden: true, 'aria-label': 'Suggestions' });
  const send = h(
    'button',
    { type: 'button', class: 'composer-send', 'aria-label': 'Send now', title: 'Send (Enter)', disabled: true },
    sendIcon(),
  );
  const hint = h(
    'div',
    { class: 'composer-hint' },
    h(
      'span',
      null,
      h('b', null, 'Enter'),
      ' to send · ',
      h('b', null, 'Shift + Enter'),
      ' for a new line · try ',
      h('code', null, '/research'),
      ' or ',
      h('code', null, `@${botName()}`),
    ),
  );
  const box = h(
    'div',
    { class: 'composer-box' },
    input,
    h(
      'div',
      { class: 'composer-toolbar' },
      h(
        'span',
        { class: 'composer-tools', 'aria-hidden': 'true' },
        h('span', null, '+'),
        h('span', { class: 'b' }, 'B'),
        h('span', { class: 'i' }, 'I'),
        h('span', null, '@'),
        h('span', null, '☺'),
      ),
      send,
    ),
  );
  const el = h('div', { class: 'composer' }, suggestions, box, hint);
  let items = [];
  let active = 0;
  let busy = false;

  const autosize = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(200, input.scrollHeight)}px`;
    send.disabled = input.value.trim() === '' || busy;
  };

  const currentSuggestions = () => {
    const value = input.value;
    if (/^\/\S*$/.test(value)) {
      return COMMANDS.filter((c) => c.command.startsWith(value.toLowerCase())).map((c) => ({
        insert: `${c.command} `,
        title: c.usage,
        description: c.description,
      }));
    }
    const at = /(^|\s)@([\w ]{0,20})$/.exec(value.slice(0, input.selectionStart ?? value.length));
    if (at && botName().toLowerCase().startsWith(at[2].toLowerCase())) {
      return [
        {
          insert: `${value.slice(0, (input.selectionStart ?? value.length) - at[2].length - 1)}@${botName()} `,
          replaceAll: true,
          title: `@${botName()}`,
          description: 'App · mention to ask the agent',
        },
      ];
    }
    return [];
  };

  const renderSuggestions = () => {
    items = currentSuggestions();
    clear(suggestions);
    suggestions.hidden = items.length === 0;
    if (active >= items.length) active = 0;
    if (items.length > 0) {
      suggestions.appendChild(
        h(
          'li',
          { class: 'suggestions-heading', role: 'presentation' },
          input.value.startsWith('/') ? 'Commands matching' : 'People and apps',
        ),
      );
    }
    items.forEach((item, index) => {
      suggestions.appendChild(
        h(
          'li',
          {
            class: `suggestion${index === active ? ' active' : ''}`,
            role: 'option',
            'aria-selected': index === active ? 'true' : 'false',
            onmousedown: (e) => {
              e.preventDefault();
              pick(index);
            },
          },
          h('span', { class: 'suggestion-title' }, item.title),
          h('span', { class: 'suggestion-description' }, item.description),
        ),
      );
    });
  };

  const pick = (index) => {
    const item = items[index];
    if (!item) return;
    input.value = item.replaceAll ? item.insert : item.insert;
    active = 0;
    renderSuggestions();
    autosize();
    input.focus();
  };

  const submit = async () => {
    const text = input.value.trim();
    if (text === '' || busy) return;
    busy = true;
    send.disabled = true;
    input.value = '';
    renderSuggestions();
    autosize();
    try {
      const accepted = await onSend(text);
      if (accepted === false) input.value = text;
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
  input.addEventListener('blur', () => {
    suggestions.hidden = true;
  });
  input.addEventListener('focus', renderSuggestions);
  input.addEventListener('keydown', (e) => {
    const open = !suggestions.hidden && items.length > 0;
    if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      renderSuggestions();
    } else if (open && e.key === 'Tab') {
      e.preventDefault();
      pick(active);
    } else if (open && e.key === 'Enter' && !e.shiftKey && input.value.trim() !== items[active].insert.trim()) {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape') {
      suggestions.hidden = true;
    } else if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  send.addEventListener('click', submit);

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
