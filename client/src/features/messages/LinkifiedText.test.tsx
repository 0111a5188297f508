import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, splitLinks } from './LinkifiedText';

function renderText(text: string) {
  return render(
    <p>
      <LinkifiedText text={text} />
    </p>,
  ).container.querySelector('p')!;
}

describe('message text', () => {
  it('makes http and https links clickable, opening safely in a new tab', () => {
    const p = renderText('mix: https://example.com/track?id=1. and http://a.test/x');
    const links = [...p.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/track?id=1', 'http://a.test/x']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(p.textContent).toBe('mix: https://example.com/track?id=1. and http://a.test/x');
  });

  it('shows markup and other schemes as plain text', () => {
    const p = renderText('<b>x</b> javascript:alert(1) ftp://files.test <img src=x onerror=alert(1)>');
    expect(p.querySelector('a')).toBeNull();
    expect(p.querySelector('b')).toBeNull();
    expect(p.querySelector('img')).toBeNull();
    expect(p.textContent).toBe('<b>x</b> javascript:alert(1) ftp://files.test <img src=x onerror=alert(1)>');
  });

  it('does not let a link swallow the markup after it', () => {
    expect(splitLinks('see https://a.test/<b>x</b>')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', href: 'https://a.test/', text: 'https://a.test/' },
      { kind: 'text', text: '<b>x</b>' },
    ]);
  });
});
