import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Button, useTranslate } from 'react-admin';
import type { EyeballCheck } from '../../../domain/shipmentWire';
import { utcDateTime } from '../../../domain/dateRange';
import { Block, Facts } from './DetailBlocks';

/** The eyeball check tab: the recorded check, and Mark to record one. */
export function EyeballTab({ eyeball, status, canMark, onMark }: { eyeball: EyeballCheck | null; status: string; canMark: boolean; onMark?: () => void }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {status === 'Eyeball' && !eyeball && <Alert severity="info">{translate('app.shipments.eyeball.required')}</Alert>}
      <Block title="app.shipments.eyeball.title">
        {eyeball ? (
          <Facts
            rows={[
              [
                'app.shipments.eyeball.result',
                <Chip
                  key="result"
                  size="small"
                  color={eyeball.Result === 'PASS' ? 'success' : 'error'}
                  label={translate(`app.shipments.eyeball.${eyeball.Result}`)}
                />,
              ],
              ['app.shipments.eyeball.remarks', eyeball.Remarks],
              ['app.shipments.eyeball.by', eyeball.UserId],
              ['app.shipments.eyeball.at', utcDateTime(eyeball.At)],
            ]}
          />
        ) : (
          <Typography color="text.secondary">{translate('app.shipments.eyeball.none')}</Typography>
        )}
      </Block>
      {onMark && (
        <Box>
          <Button label="app.shipments.actions.mark" onClick={onMark} disabled={!canMark} variant="outlined">
            <FactCheckIcon />
          </Button>
        </Box>
      )}
    </Stack>
  );
}
