import { Lexer, type Token, type Tokens } from 'marked';

/**
 * Markdown → one line of plain text, for excerpts on compact cards: emphasis markers and link
 * syntax dropped, list items joined with " · ", blocks separated by a space. The result is NOT
 * escaped for Slack; callers escape it like any other untrusted text.
 */
export function markdownToPlainText(markdown: string): string {
  return flatten(Lexer.lex(markdown)).replace(/\s+/g, ' ').trim();
}

/** Blocks are separated by a space; inline tokens (text, emphasis, escapes like `\_`) join as written. */
function flatten(tokens: Token[], separator = ' '): string {
  return tokens.map(tokenText).filter(Boolean).join(separator);
}

const BLOCK_CONTAINERS = new Set(['blockquote', 'list_item']);

function tokenText(token: Token): string {
  switch (token.type) {
    case 'list':
      return (token as Tokens.List).items.map((item) => flatten(item.tokens)).join(' · ');
    case 'table': {
      const table = token as Tokens.Table;
      return [table.header, ...table.rows].map((row) => row.map((cell) => flatten(cell.tokens)).join(' | ')).join(' · ');
    }
    case 'code':
    case 'codespan':
      return (token as Tokens.Code).text;
    case 'image':
      return (token as Tokens.Image).text;
    case 'br':
    case 'hr':
    case 'space':
      return ' ';
    case 'html':
      return (token as Tokens.HTML).text.replace(/<[^>]*>/g, '');
    default: {
      const withChildren = token as { tokens?: Token[]; text?: string };
      if (withChildren.tokens && withChildren.tokens.length > 0)
        return flatten(withChildren.tokens, BLOCK_CONTAINERS.has(token.type) ? ' ' : '');
      return typeof withChildren.text === 'string' ? decodeEntities(withChildren.text) : '';
    }
  }
}

/** marked entity-encodes text tokens (&amp; &lt; &quot; &#39;); the caller escapes once for Slack. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _m);
}
