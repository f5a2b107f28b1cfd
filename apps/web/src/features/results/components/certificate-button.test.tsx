import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithStore, signedInAuth } from '../../../test/render.tsx';
import { CertificateButton } from './certificate-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderWithStore(<CertificateButton />, { auth: signedInAuth });

describe('CertificateButton', () => {
  it('shows a spinner while the certificate is made, then saves it as certificate.pdf', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { calls } = stubApi({
      'GET /api/v1/ngso-1/certificate': () => new Promise((resolve) => (answer = resolve)),
    });
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Download certificate' }));
    const pending = await screen.findByRole('button', { name: 'Preparing your certificate...' });
    expect(pending).toBeDisabled();
    expect(new URL(calls[0]?.url ?? '').searchParams.get('lang')).toBe('en');
    answer({ body: '%PDF-' });
    expect(await screen.findByRole('button', { name: 'Download certificate' })).toBeEnabled();
    expect(clicked).toEqual(['certificate.pdf']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it("shows the server's refusal", async () => {
    stubApi({
      'GET /api/v1/ngso-1/certificate': {
        status: 403,
        body: {
          status: 'error',
          message: 'Certificates are ready once the results of your category are published.',
        },
      },
    });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Download certificate' }));
    expect(await screen.findByTestId('certificate-error')).toHaveTextContent(
      /^Certificates are ready once the results of your category are published\.$/,
    );
  });

  it('says the download failed when the connection did', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Download certificate' }));
    expect(await screen.findByTestId('certificate-error')).toHaveTextContent(
      /^The certificate could not be downloaded\. Please check your connection and try again\.$/,
    );
  });
});
