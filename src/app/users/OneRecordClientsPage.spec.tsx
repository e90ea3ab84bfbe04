// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../dataProviders/httpErrors';
import { ClientProblemMessages } from '../../domain/oneRecord/clients';
import { StatusCode } from '../../domain/statusCodes';
import { fakeHttpClient, renderUserPages, userPagesSpec, usersDataProvider } from './testing/userPageHarness';

/** The ONE Record Clients page (issue 37, 4): register a client (its secret shown once), see the clients, revoke one after confirming. */

const spec = userPagesSpec();
const PATH = '/en/userManagement/oneRecordClients';
const client = {
  id: 'orc_0123456789abcdefghijklmn',
  name: 'Acme forwarding system',
  organisation_iri: 'https://forwarder.example/logistics-objects/acme',
  created_by: 'admin',
  created_at: '2026-11-30T08:00:00.000Z',
  revoked_by: null,
  revoked_at: null,
  last_used_at: null,
  notify_token_url: null,
  notify_client_id: null,
  notify_scope: null,
  notify_auth_method: null,
  notify_secret_lost: false,
};

function clientsProvider(clients: object[]) {
  const provider = usersDataProvider([]);
  provider.getList.mockImplementation(async () => ({ data: clients, total: clients.length }) as never);
  return provider;
}

describe('the ONE Record Clients page', { timeout: 60_000 }, () => {
  it('says what a client is and that there are none yet', async () => {
    renderUserPages(PATH, { messages: spec.messages, dataProvider: clientsProvider([]), httpClient: fakeHttpClient().client });
    expect(await screen.findByText(/sign in as a client: at \/auth\/token with GrantType client_credentials/)).toBeInTheDocument();
    expect(await screen.findByText('No ONE Record clients: only signed-in users reach the ONE Record server.')).toBeInTheDocument();
  });

  it('checks the fields before sending, registers the client and shows its id and secret once', async () => {
    const http = fakeHttpClient();
    http.classic.mockResolvedValue({ status: 200, headers: new Headers(), body: '', json: { status: 1, data: { ...client, secret: 'S3cr3t-shown-once' } } });
    renderUserPages(PATH, { messages: spec.messages, dataProvider: clientsProvider([]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    const iri = await screen.findByRole('textbox', { name: /^Organisation's IRI/ });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Acme forwarding system');
    await user.type(iri, 'forwarder.example/acme');
    await user.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findByText(ClientProblemMessages.iriInvalid)).toBeInTheDocument();
    expect(http.classic).not.toHaveBeenCalled();
    await user.clear(iri);
    await user.type(iri, client.organisation_iri);
    await user.click(screen.getByRole('button', { name: 'Register Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Acme forwarding system registered' });
    expect(within(dialog).getByText(/it is shown this once/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveValue('S3cr3t-shown-once');
    expect(within(dialog).getByRole('textbox', { name: 'Client ID' })).toHaveValue(client.id);
    expect(http.classic).toHaveBeenCalledWith(
      '/onerecordclients',
      expect.objectContaining({ method: 'POST', body: { name: 'Acme forwarding system', organisation_iri: client.organisation_iri } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('S3cr3t-shown-once')).not.toBeInTheDocument();
  });

  it("puts the server's refusal on the field", async () => {
    const http = fakeHttpClient();
    const message = ClientProblemMessages.tooMany;
    http.classic.mockRejectedValueOnce(
      new ApiError(StatusCode.VALIDATION_FAIL, message, 400, { status: StatusCode.VALIDATION_FAIL, message, errors: { name: message } }),
    );
    renderUserPages(PATH, { messages: spec.messages, dataProvider: clientsProvider([]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'One too many');
    await user.type(screen.getByRole('textbox', { name: /^Organisation's IRI/ }), client.organisation_iri);
    await user.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the clients, and revokes one only after confirming', async () => {
    const http = fakeHttpClient();
    const revoked = { ...client, id: 'orc_zyxwvutsrqponmlkjihgfedc', name: 'Old system', revoked_by: 'admin', revoked_at: '2026-11-29T10:00:00.000Z' };
    renderUserPages(PATH, { messages: spec.messages, dataProvider: clientsProvider([client, revoked]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(client.id)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/^Revoked on .* by admin$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Old system' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke Acme forwarding system' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke ONE Record client Acme forwarding system?' });
    expect(http.classic).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Client Acme forwarding system revoked.')).toBeInTheDocument();
    expect(http.classic).toHaveBeenCalledWith(`/onerecordclients/${client.id}`, expect.objectContaining({ method: 'DELETE' }));
  });

  it('sets how the portal signs in to notify the client, checking the fields first; the secret is never shown', async () => {
    const http = fakeHttpClient();
    const signed = { ...client, notify_token_url: 'https://idp.forwarder.example/oauth2/token', notify_client_id: 'cargo-portal', notify_scope: null };
    http.classic.mockResolvedValue({ status: 200, headers: new Headers(), body: '', json: { status: 1, data: signed } });
    renderUserPages(PATH, { messages: spec.messages, dataProvider: clientsProvider([client]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Without a token')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notification sign-in for Acme forwarding system' }));
    const dialog = await screen.findByRole('dialog', { name: 'How the portal signs in to notify Acme forwarding system' });
    await user.type(within(dialog).getByRole('textbox', { name: /token address/ }), signed.notify_token_url);
    await user.type(within(dialog).getByRole('textbox', { name: /^Client ID at the provider/ }), 'cargo-portal');
    await user.click(within(dialog).getByRole('button', { name: 'Save Sign-in' }));
    expect(await within(dialog).findByText(ClientProblemMessages.notifySecretRequired)).toBeInTheDocument();
    expect(http.classic).not.toHaveBeenCalled();
    const secret = within(dialog).getByLabelText(/^Client secret at the provider/);
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(secret, 'provider-secret');
    // An HTTP Basic header unless the admin picks the form body, as this provider asks.
    expect(within(dialog).getByRole('radio', { name: /HTTP Basic header/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /form body/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Sign-in' }));
    expect(await screen.findByText('Notifications to Acme forwarding system now go signed in.')).toBeInTheDocument();
    expect(http.classic).toHaveBeenCalledWith(
      `/onerecordclients/${client.id}`,
      expect.objectContaining({
        method: 'PUT',
        body: {
          notify_token_url: signed.notify_token_url,
          notify_client_id: 'cargo-portal',
          notify_client_secret: 'provider-secret',
          notify_scope: '',
          notify_auth_method: 'client_secret_post',
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows where a client signs in, and notifies without a token again in one click', async () => {
    const http = fakeHttpClient();
    const signed = {
      ...client,
      notify_token_url: 'https://idp.forwarder.example/oauth2/token',
      notify_client_id: 'cargo-portal',
      notify_scope: 'notify',
      notify_auth_method: 'client_secret_post' as const,
    };
    http.classic.mockResolvedValue({ status: 200, headers: new Headers(), body: '', json: { status: 1, data: client } });
    renderUserPages(PATH, { messages: spec.messages, dataProvider: clientsProvider([signed]), httpClient: http.client });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Signed in at idp.forwarder.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notification sign-in for Acme forwarding system' }));
    const dialog = await screen.findByRole('dialog', { name: 'How the portal signs in to notify Acme forwarding system' });
    expect(within(dialog).getByRole('textbox', { name: /^Client ID at the provider/ })).toHaveValue('cargo-portal');
    expect(within(dialog).getByLabelText(/^Client secret at the provider/)).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: /form body/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Notify Without a Token' }));
    expect(await screen.findByText('Notifications to Acme forwarding system now go without a token.')).toBeInTheDocument();
    expect(http.classic).toHaveBeenCalledWith(
      `/onerecordclients/${client.id}`,
      expect.objectContaining({
        method: 'PUT',
        body: { notify_token_url: '', notify_client_id: '', notify_client_secret: '', notify_scope: '', notify_auth_method: '' },
      }),
    );
  });

  it('says which sign-in must be entered again since the token key changed', async () => {
    const lost = { ...client, notify_token_url: 'https://idp.forwarder.example/oauth2/token', notify_client_id: 'cargo-portal', notify_secret_lost: true };
    renderUserPages(PATH, { messages: spec.messages, dataProvider: clientsProvider([lost]), httpClient: fakeHttpClient().client });
    expect(await screen.findByText(/^Signed in at idp\.forwarder\.example: enter the secret again/)).toBeInTheDocument();
  });
});
