import { describe, expect, it } from 'vitest';
import { imageInfo, imageKind } from '../../../src/core/text/image.js';
import { checkOcrNumbers } from '../../../src/core/text/ocr-numbers.js';
import { ocrVocabulary, repairOcrText } from '../../../src/core/text/ocr-repair.js';
import { loadKnowledge } from '../../../src/knowledge/load.js';

const loaded = loadKnowledge();
if (!loaded.ok) throw new Error('knowledge base has problems');
const kb = loaded.kb;
const vocabulary = ocrVocabulary(kb);
const repair = (t: string) => repairOcrText(t, vocabulary).text;

describe('imageKind and imageInfo', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000780000004380806000000', 'hex');
  it('GIVEN a PNG header THEN its kind and size come from IHDR', () => {
    expect(imageInfo(png)).toEqual({ kind: 'png', width: 1920, height: 1080 });
  });

  it('GIVEN a JPEG THEN the size comes from the first start-of-frame marker', () => {
    const jpeg = Buffer.from(
      'ffd8ffe000104a46494600010100000100010000ffc0001108043805a003012200021101031101',
      'hex',
    );
    expect(imageInfo(jpeg)).toEqual({ kind: 'jpeg', width: 1440, height: 1080 });
  });

  it('GIVEN a lossless WebP THEN the size comes from its VP8L header', () => {
    const head = Buffer.alloc(30);
    head.write('RIFF', 0);
    head.write('WEBP', 8);
    head.write('VP8L', 12);
    head.writeUInt32LE((1919 & 0x3fff) | ((1079 & 0x3fff) << 14), 21);
    expect(imageInfo(head)).toEqual({ kind: 'webp', width: 1920, height: 1080 });
  });

  it.each([
    ['text', Buffer.from('Traceback (most recent call last):')],
    ['a PDF', Buffer.from('%PDF-1.7')],
    ['nothing', Buffer.alloc(0)],
  ])('GIVEN %s THEN it is not an image', (_what, bytes) => {
    expect(imageKind(bytes)).toBeNull();
  });
});

describe('repairOcrText', () => {
  it.each([
    [
      'ResourceExhaustedError: 00M when allocating tensor',
      'ResourceExhaustedError: OOM when allocating tensor',
    ],
    ['exit code -1073740791 (6xC0000409)', 'exit code -1073740791 (0xC0000409)'],
    ['exception code OxC0000005', 'exception code 0xC0000005'],
    ['CUDNN_STATUS INTERNAL ERROR', 'CUDNN_STATUS_INTERNAL_ERROR'],
    ['CUDNN STATUS_N0T_INITIALIZED', 'CUDNN_STATUS_NOT_INITIALIZED'],
    ['tensorflow 2,10.0 with cuDNN 8.1,0', 'tensorflow 2.10.0 with cuDNN 8.1.0'],
    ['Could not load cudnn_cnn_infer64_8.d11.', 'Could not load cudnn_cnn_infer64_8.dll.'],
    ['undefined symbol: ZN3c104cuda', 'undefined symbol: _ZN3c104cuda'],
    [
      'RuntimeError: DatalLoader worker (pid(s) 2211) exited',
      'RuntimeError: DataLoader worker (pid(s) 2211) exited',
    ],
  ])('GIVEN %j THEN it reads %j', (read, mended) => {
    expect(repair(read)).toBe(mended);
  });

  it.each([
    'NVIDIA A100-SXM4-80GB, 10GB free, RTX 3090, H100, sm_80, FP16',
    'shape [64,256,56,56] and lr 3e-4, 16x16 patches',
    'Epoch 1/10 loss: 0.5231 - acc: 0.8812',
    'Process finished with exit code -1073740791 (0xC0000409)',
  ])('GIVEN text read right (%j) THEN it is left as it is', (text) => {
    expect(repair(text)).toBe(text);
  });
});

describe('checkOcrNumbers', () => {
  const table = kb.exitCodes.ntstatus;

  it('GIVEN decimal and hex that agree THEN there is nothing to check', () => {
    expect(checkOcrNumbers(['Process finished with exit code -1073740791 (0xC0000409)'], table)).toEqual([]);
  });

  it('GIVEN an OCR slip in both THEN the one known code near both is taken, and the line says so', () => {
    const [c] = checkOcrNumbers(['Process finished with exit code -1073746791 (0xC0800469)'], table);
    expect(c!.known?.name).toBe('STATUS_STACK_BUFFER_OVERRUN');
    expect(c!.mended).toBe('Process finished with exit code -1073740791 (0xC0000409)');
    expect(c!.read).toBe('-1073746791 and 0xC0800469');
  });

  it('GIVEN numbers that disagree and fit no known code THEN they are reported and left unchanged', () => {
    const [c] = checkOcrNumbers(['exit code 1234567890 (0x12345678)'], table);
    expect(c!.known).toBeNull();
    expect(c!.mended).toBe('exit code 1234567890 (0x12345678)');
  });
});
