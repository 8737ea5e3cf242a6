import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Opener({ withReturnTarget = false }: { withReturnTarget?: boolean }) {
  const [open, setOpen] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button" ref={target}>
        Elsewhere
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Filters"
        closeLabel="Close"
        {...(withReturnTarget ? { returnFocusTo: () => target.current } : {})}
      >
        <button type="button">Inside</button>
      </Dialog>
    </>
  );
}

describe('dialog', () => {
  it('takes the focus, keeps it inside, and gives it back to its opener when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives the focus to the element it is told to on close', async () => {
    const user = userEvent.setup();
    render(<Opener withReturnTarget />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
