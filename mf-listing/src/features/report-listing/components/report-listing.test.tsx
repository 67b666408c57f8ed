/**
 * "Reportar anuncio" against a recorded API over real HTTP: the dialog opens on the press, a reason
 * is required, the report is sent with the reason and the comment, the visitor is thanked, and a
 * refusal (already reported today) shows the API's message.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startRecordedApi, type RecordedApi, type RecordedReply } from 'web-runtime/testing';
import { MSG, parseRuntimeConfig } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { ReportListing } from './report-listing';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 8000 });

let api: RecordedApi;
let reply: RecordedReply = { status: 201, body: { message: MSG.reporteGracias } };

// jsdom has no pseudo-element styles; antd's Modal measures the scrollbar with one (::-webkit-scrollbar)
const realGetComputedStyle = window.getComputedStyle.bind(window);
beforeAll(async () => {
  window.getComputedStyle = ((elt: Element) => realGetComputedStyle(elt)) as typeof window.getComputedStyle;
  api = await startRecordedApi(() => reply);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  usePortalStore.setState({ config: parseRuntimeConfig({ apiBaseUrl: api.url }) });
});

async function openDialog() {
  render(<ReportListing anuncioId="a1" />);
  fireEvent.click(screen.getByRole('button', { name: new RegExp(MSG.reportarAnuncio) }));
  return screen.findByRole('dialog');
}

test('a reason is required; the report carries it and the comment; the visitor is thanked', async () => {
  reply = { status: 201, body: { message: MSG.reporteGracias } };
  await openDialog();
  fireEvent.click(await screen.findByRole('button', { name: 'Enviar reporte' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MSG.motivoRequerido);
  expect(api.requests).toHaveLength(0);

  fireEvent.click(screen.getByRole('radio', { name: 'Datos de contacto falsos' }));
  fireEvent.change(screen.getByLabelText('Comentario (opcional)'), { target: { value: '  El número no existe  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
  expect(await screen.findByText(MSG.reporteGracias)).toBeInTheDocument();
  expect(api.requests).toEqual([{ method: 'POST', path: '/anuncio/a1/reportes', body: { motivo: 'contacto_falso', comentario: 'El número no existe' } }]);
});

test('the comment is limited to 500 characters and a refusal shows the API message', async () => {
  reply = { status: 409, body: { error: MSG.reporteRepetido } };
  await openDialog();
  const comment = await screen.findByLabelText('Comentario (opcional)');
  expect(comment).toHaveAttribute('maxlength', '500');
  fireEvent.click(screen.getByRole('radio', { name: 'Otro' }));
  fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
  await waitFor(() => expect(screen.getByText(MSG.reporteRepetido)).toBeInTheDocument());
  // no comment typed: none sent
  expect(api.requests[0].body).toEqual({ motivo: 'otro' });
});
