import { afterEach, describe, expect, it, vi } from 'vitest';
import { visitorLanguage } from './i18n';

function visit(search: string) {
  window.history.replaceState(null, '', `/${search}`);
}

describe('the visitor’s language in the browser', () => {
  afterEach(() => {
    visit('');
    document.cookie = 'i18next=; path=/; max-age=0';
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.lang = '';
    vi.restoreAllMocks();
  });

  it('follows ?lng=, the cookie, local then session storage, the browser’s languages, then the page’s lang', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    document.documentElement.lang = 'en';
    expect(visitorLanguage()).toBe('en');

    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'fr-CA', 'en-GB']);
    expect(visitorLanguage()).toBe('fr');

    sessionStorage.setItem('i18nextLng', 'en');
    expect(visitorLanguage()).toBe('en');

    localStorage.setItem('i18nextLng', 'fn');
    expect(visitorLanguage()).toBe('fr');

    document.cookie = 'theme=dark; path=/';
    document.cookie = 'i18next=en; path=/';
    expect(visitorLanguage()).toBe('en');

    visit('?lng=fn');
    expect(visitorLanguage()).toBe('fr');
  });

  it('speaks French to a browser in a language the shop does not speak', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'it']);
    visit('?lng=xx');
    expect(visitorLanguage()).toBe('fr');
  });
});
