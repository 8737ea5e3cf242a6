import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ContactForm } from './contact-form';

afterEach(() => vi.restoreAllMocks());

const fill = async (
  user: ReturnType<typeof userEvent.setup>,
  message = 'A question about my order, please.',
) => {
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Amira');
  await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'amira@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Order');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), message);
};

describe('contact form', () => {
  it('shows the contract rules under the fields without calling the API', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ContactForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the server field errors', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          fields: { 'body.email': 'This address cannot receive mail.' },
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address cannot receive mail.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your e-mail' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('posts the message and shows the success state', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, { id: 'm1' }));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(screen.getByText(/we will answer at amira@example.com/)).toBeInTheDocument();
    const request = fetchSpy.mock.calls[0]?.[0] as Request;
    expect(request.url).toMatch(/\/api\/contact$/);
    expect(await request.json()).toEqual({
      name: 'Amira',
      email: 'amira@example.com',
      subject: 'Order',
      message: 'A question about my order, please.',
    });
  });

  it('says so when too many messages were sent', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(429, { error: { code: 'rate_limited', message: 'Too many requests' } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/Too many messages in a short time/)).toBeInTheDocument();
  });
});
