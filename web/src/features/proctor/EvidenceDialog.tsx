import { Alert, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchEvidenceList, fetchEvidencePicture } from './proctorApi';

export interface EvidenceTarget {
  attemptId: string;
  flagId: string;
  /** The flag in words, and whose it is, for the title. */
  flag: string;
  name: string;
}

/**
 * The pictures kept for one flag (camera, and screen when shared). They are fetched as Blobs with
 * the token and shown from object URLs, released when the dialog closes.
 */
export function EvidenceDialog({ target, onClose }: { target: EvidenceTarget | null; onClose: () => void }) {
  const { t } = useTranslation('proctor');
  return (
    <Modal opened={!!target} onClose={onClose} title={target ? t('evidence.title', { flag: target.flag, name: target.name }) : ''} size="lg" centered>
      {target && <EvidencePictures target={target} />}
    </Modal>
  );
}

const EVIDENCE_POLLS = 15;

function EvidencePictures({ target }: { target: EvidenceTarget }) {
  const { t } = useTranslation('proctor');
  const query = useQuery({
    queryKey: ['proctor-evidence', target.attemptId, target.flagId],
    meta: { silent: true },
    gcTime: 0,
    queryFn: async () => {
      const entries = (await fetchEvidenceList(target.attemptId)).filter((e) => e.flagId === target.flagId);
      return Promise.all(entries.map(async (entry) => ({ entry, blob: await fetchEvidencePicture(entry.id) })));
    },
    // The picture is uploaded just after the flag: a proctor who opens it at once asks again
    // every 2 s, for half a minute, rather than being told there is none.
    refetchInterval: (q) => (q.state.data?.length === 0 && q.state.dataUpdateCount < EVIDENCE_POLLS ? 2000 : false),
  });
  if (query.isPending) return <Loader size="sm" aria-label={t('evidence.loading')} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {t('evidence.failed')}
      </Alert>
    );
  if (!query.data.length) return <Text c="dimmed">{t('evidence.none')}</Text>;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: query.data.length > 1 ? 2 : 1 }}>
        {query.data.map(({ entry, blob }) => (
          <figure key={entry.id} style={{ margin: 0 }}>
            <BlobImage blob={blob} alt={t('evidence.alt', { source: t(`evidence.${entry.source}`) })} />
            <Text component="figcaption" size="sm" c="dimmed">
              {t(`evidence.${entry.source}`)}
            </Text>
          </figure>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('evidence.kept')}
      </Text>
    </Stack>
  );
}

/** A picture from a Blob: its object URL lives exactly as long as the image shows it. */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (img.current) img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={img} alt={alt} data-testid="evidence-picture" style={{ display: 'block', width: '100%', borderRadius: 4 }} />;
}
