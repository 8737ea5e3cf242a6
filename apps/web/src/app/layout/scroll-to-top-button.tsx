import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '@/components/ui/icons';
import { SCROLL_TOP_THRESHOLD } from '@/config/site';

/** Appears once the page is scrolled more than 300 px (SPEC §9). */
export function ScrollToTopButton() {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    // Read on scroll events only: reading the position at mount would force a layout of the page being built.
    // A page that opens scrolled (a restored scroll position) gets a scroll event too.
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      onClick={() =>
        window.scrollTo({
          top: 0,
          behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        })
      }
    >
      <ArrowUpIcon />
      <span className="visually-hidden">{t('footer.backToTop')}</span>
    </button>
  );
}
