import { useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../dataProviders/httpErrors';
import { PageFrame } from '../admin/PageFrame';
import { SimpleTable } from '../shipments/detail/DetailBlocks';
import { DEFAULT_CARGO_MESSAGE_LIMITS } from '../../domain/cargoMessages/limits';
import type { MessageAnswer, MessageFaultWire } from '../shipments/shipmentApi';
import { useShipmentApi } from '../shipments/useShipmentApi';

/** The server's limit on one cargo message: a larger file is refused here, before it is sent. */
const MAX_FILE_BYTES = DEFAULT_CARGO_MESSAGE_LIMITS.maxBytes;

type Result = { kind: 'done'; answer: MessageAnswer } | { kind: 'faults'; message: string; faults: MessageFaultWire[] } | { kind: 'refused'; message: string };

/**
 * Shipment Messages (function 84): send an FWB or FHL, Cargo-IMP or Cargo-XML, as a message gateway
 * does (POST /awbapi/messages); the answer says what became of the shipment, or each fault with
 * its line.
 */
export function ShipmentMessagesPage() {
  const translate = useTranslate();
  const api = useShipmentApi();
  const basename = useBasename();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>();
  const [fileProblem, setFileProblem] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);

  async function readFile(file: File | undefined) {
    setFileProblem(undefined);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(translate('app.compliance.messages.tooLarge', { size: `${MAX_FILE_BYTES / 1024} KB` }));
      return;
    }
    try {
      setText(new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()));
    } catch {
      setFileProblem(translate('app.compliance.messages.notText'));
    }
  }

  async function send() {
    if (text.trim() === '') {
      setResult({ kind: 'refused', message: translate('app.compliance.messages.empty') });
      return;
    }
    setBusy(true);
    setResult(undefined);
    try {
      setResult({ kind: 'done', answer: await api.sendMessage(text) });
    } catch (error) {
      if (error instanceof ApiError) {
        const faults = (error.body as { data?: { Faults?: MessageFaultWire[] } } | undefined)?.data?.Faults;
        setResult(faults ? { kind: 'faults', message: error.message, faults } : { kind: 'refused', message: error.message });
      } else setResult({ kind: 'refused', message: translate('app.error.500.text') });
    } finally {
      setBusy(false);
    }
  }

  const answer = result?.kind === 'done' ? result.answer : undefined;
  const outcomeKey = answer ? (answer.Kind === 'FMA' || answer.Kind === 'FNA' ? 'acknowledged' : answer.Outcome) : undefined;
  return (
    <PageFrame title="app.page.shipmentmessages">
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.compliance.messages.intro')}</Typography>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <TextField
                label={translate('app.compliance.messages.message')}
                value={text}
                onChange={(event) => setText(event.target.value)}
                multiline
                minRows={12}
                maxRows={30}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 } } }}
              />
              {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button label="app.compliance.messages.send" onClick={send} variant="contained" disabled={busy}>
                  {busy ? <CircularProgress size={16} /> : <SendIcon />}
                </Button>
                <Button label="app.compliance.messages.file" onClick={() => fileInput.current?.click()} disabled={busy}>
                  <UploadFileIcon />
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".txt,.xml,.fwb,.fhl,text/plain,application/xml,text/xml"
                  hidden
                  data-testid="message-file"
                  onChange={(event) => void readFile(event.target.files?.[0])}
                />
                <Button
                  label="app.compliance.messages.clear"
                  onClick={() => {
                    setText('');
                    setResult(undefined);
                    setFileProblem(undefined);
                  }}
                  disabled={busy}
                />
              </Box>
            </Stack>
          </CardContent>
        </Card>
        {busy && <Typography role="status">{translate('app.compliance.messages.sending')}</Typography>}
        {answer && outcomeKey && (
          <Alert
            severity="success"
            role="status"
            action={
              answer.ShipmentId ? (
                <Button label="app.compliance.messages.openShipment" component={Link} to={`${basename}/shipment/details/${answer.ShipmentId}`} />
              ) : undefined
            }
          >
            {translate(`app.compliance.messages.${outcomeKey}`, {
              kind: answer.Kind,
              awb: answer.AWBNumber,
              status: answer.Status ?? '',
              state: answer.OutboundState ?? '',
            })}
            {answer.Findings !== undefined && outcomeKey !== 'pending' && outcomeKey !== 'acknowledged' && (
              <> {translate('app.compliance.messages.findings', { findings: answer.Findings, hits: answer.OpenHits ?? 0 })}</>
            )}
          </Alert>
        )}
        {result?.kind === 'refused' && <Alert severity="error">{result.message}</Alert>}
        {result?.kind === 'faults' && (
          <Alert severity="error" role="alert">
            <AlertTitle>{result.message}</AlertTitle>
            <SimpleTable
              label="app.compliance.messages.refused"
              rows={result.faults}
              columns={[
                ['app.compliance.messages.line', (fault) => (fault.Line > 0 ? fault.Line : '—')],
                ['app.compliance.messages.segment', (fault) => fault.Segment ?? '—'],
                ['app.compliance.messages.code', (fault) => fault.Code],
                ['app.compliance.messages.reason', (fault) => fault.Reason],
              ]}
            />
          </Alert>
        )}
      </Stack>
    </PageFrame>
  );
}
