import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function renderModal(isBusy: boolean, onClose = vi.fn()) {
  render(
    <>
      <button type="button">Sidebar link</button>
      <Modal
        title="Upload Template"
        onClose={onClose}
        isBusy={isBusy}
        footer={<button type="button">Upload</button>}
      >
        <input aria-label="Template name" />
      </Modal>
    </>,
  );
  return onClose;
}

describe('Modal', () => {
  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    renderModal(false);
    const name = screen.getByLabelText('Template name');
    expect(document.activeElement).toBe(name);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.tab();
    // Past the last control focus wraps to the first (the × button), never the sidebar.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload' }));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Sidebar link' }));
  });

  it('closes on Escape and × when idle', async () => {
    const onClose = renderModal(false);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open on Escape, × and the backdrop while a request runs', async () => {
    const onClose = renderModal(true);
    await userEvent.keyboard('{Escape}');
    const close = screen.getByRole('button', { name: 'Close' });
    expect((close as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(close);
    const backdrop = document.querySelector('[aria-hidden="true"].absolute');
    if (backdrop) {
      await userEvent.click(backdrop);
    }
    expect(backdrop).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
