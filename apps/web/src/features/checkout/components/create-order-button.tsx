import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditionFormat } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { useCreateOrderMutation } from '../api/checkout-api';

/** A cart line as the order is created from it; `key` identifies the cart line to show a refusal next to it. */
export type CartOrderLine = {
  key: string;
  productId: number;
  edition?: EditionFormat;
  quantity: number;
  title: string;
};

type CreateOrderButtonProps = {
  lines: CartOrderLine[];
  loggedIn: boolean;
  /** A visitor logs in first, then comes back to the cart. */
  onLogin: () => void;
  /** The order was created: its id. */
  onOrderCreated: (orderId: string) => void;
  /** The cart lines the shop refused, by line key, with the reason (an empty object clears them). */
  onLineErrors?: (errors: Record<string, string>) => void;
  /** Shown when the shop refuses the order until the account's e-mail address is confirmed. */
  emailNotice?: ReactNode;
};

/** The server answers `lines.2: <reason>` for a line it cannot sell: which cart lines, and why. */
function refusedLines(fields: Record<string, string>, lines: CartOrderLine[]) {
  const refused: { line: CartOrderLine; message: string }[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const index = /(?:^|\.)lines\.(\d+)(?:\.|$)/.exec(path)?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    if (line && !refused.some((entry) => entry.line.key === line.key)) refused.push({ line, message });
  }
  return refused;
}

/** "Checkout": creates the order from the cart (the server prices it) and hands its id on (SPEC §4, §8). */
export function CreateOrderButton({
  lines,
  loggedIn,
  onLogin,
  onOrderCreated,
  onLineErrors,
  emailNotice,
}: CreateOrderButtonProps) {
  const { t } = useTranslation(['checkout', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  const [refused, setRefused] = useState<{ line: CartOrderLine; message: string }[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [emailUnconfirmed, setEmailUnconfirmed] = useState(false);
  const running = useRef(false);

  const createOrderFromLines = async () => {
    if (!loggedIn) {
      onLogin();
      return;
    }
    if (running.current) return;
    running.current = true;
    setFormError(null);
    setEmailUnconfirmed(false);
    try {
      const result = await createOrder({
        lines: lines.map(({ productId, edition, quantity }) => ({
          productId,
          ...(edition ? { edition } : {}),
          quantity,
        })),
      });
      if (result.data) {
        setRefused([]);
        onLineErrors?.({});
        notify.success(t('toast:orderSaved'));
        onOrderCreated(result.data.id);
        return;
      }
      const failure = toApiFailure(result.error);
      const lineErrors = refusedLines(failure.fields, lines);
      setRefused(lineErrors);
      onLineErrors?.(
        Object.fromEntries(lineErrors.map(({ line, message }) => [line.key, validationText(message) ?? ''])),
      );
      notify.error(t('toast:orderFailed'), errorText(failure));
      if (failure.code === 'email_unconfirmed' && emailNotice) setEmailUnconfirmed(true);
      else if (lineErrors.length === 0) setFormError(errorText(failure));
    } finally {
      running.current = false;
    }
  };

  return (
    <div className="checkout-start">
      {refused.length > 0 && (
        <Alert tone="error" title={t('checkout:start.refusedTitle', { count: refused.length })}>
          <ul className="checkout-start__refused">
            {refused.map(({ line, message }) => (
              <li key={line.key}>
                <strong>{line.title}</strong> — {validationText(message)}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}
      {emailUnconfirmed && emailNotice}
      <Button
        variant="accent"
        size="lg"
        block
        busy={isLoading}
        busyLabel={t('checkout:start.creating')}
        disabled={lines.length === 0}
        onClick={() => void createOrderFromLines()}
      >
        {t('checkout:start.button')}
      </Button>
      {!loggedIn && <p className="checkout-start__note">{t('checkout:start.loginNote')}</p>}
    </div>
  );
}
