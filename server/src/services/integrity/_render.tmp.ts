import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { PICTURE_GONE, PICTURE_KEPT, sampleQueue, sampleTimeline } from './reportFixture';
import { attemptReportPdf, examSummaryPdf } from './reportPdf';
import { reportWords } from './reportText';
const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } }).jpeg().toBuffer();
const w = reportWords({ language: process.argv[2] as 'de', zone: 'Europe/Berlin', prefs: { dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } });
writeFileSync('/tmp/h3/a.pdf', await attemptReportPdf({ schoolName: 'Lycée Saint-Exupéry', timeline: sampleTimeline(), pictures: new Map([[PICTURE_KEPT, jpeg], [PICTURE_GONE, null]]), words: w }));
writeFileSync('/tmp/h3/s.pdf', await examSummaryPdf({ schoolName: 'Lycée Saint-Exupéry', queue: sampleQueue(), words: w }));
