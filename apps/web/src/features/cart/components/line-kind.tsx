import { useTranslation } from 'react-i18next';
import type { CartItem } from '../cart-slice';

/** "Paper book", "Ebook" or the file type of a line. */
export function LineKind({ item }: { item: Pick<CartItem, 'type' | 'edition' | 'extension'> }) {
  const { t } = useTranslation('shop');
  if (item.type === 'book') return <>{t(item.edition ? `kind.${item.edition}` : 'kind.book')}</>;
  return (
    <>{item.extension ? t('kind.fileOf', { type: t(`fileTypes.${item.extension}`) }) : t('kind.file')}</>
  );
}
