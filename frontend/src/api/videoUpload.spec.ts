import { MemoryType, videoUploadPath } from '@memory-wall/contracts';
import { startTestServer, type TestServer } from '../test/testServer';
import { mySubmissions } from './mySubmissions';
import { sendVideo } from './videoUpload';

const EVENT_ID = '0b6e6a52-8f0e-4c4e-9d55-6a1d1b7d2c11';
const UPLOAD_ID = '6f1c9f7e-2a7b-4e0e-8f43-1d3c5b2a9e10';
const MEMORY_ID = 'c3d1a0b2-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
/** tus's answers carry these headers; a cross-origin page reads them only when they are exposed. */
const TUS_HEADERS = {
  'tus-resumable': '1.0.0',
  'access-control-expose-headers': 'Location, Upload-Offset, Tus-Resumable',
};

describe('sendVideo', () => {
  let server: TestServer;
  let received = 0;

  beforeEach(async () => {
    localStorage.clear();
    received = 0;
    // The API's tus endpoint: the upload is created, its one chunk is the last, and the last PATCH answers
    // with the stored submission, as the server's finish does.
    server = await startTestServer(({ method, url, body }) => {
      if (method === 'POST' && url === videoUploadPath(EVENT_ID))
        return {
          status: 201,
          headers: { ...TUS_HEADERS, location: `${videoUploadPath(EVENT_ID)}/${UPLOAD_ID}` },
        };
      if (method === 'PATCH' && url === `${videoUploadPath(EVENT_ID)}/${UPLOAD_ID}`) {
        received += body as number;
        return {
          status: 200,
          headers: { ...TUS_HEADERS, 'upload-offset': String(received) },
          body: { success: true, memory: { id: MEMORY_ID, type: MemoryType.Video } },
        };
      }
      return undefined;
    });
  });
  afterEach(() => server.close());

  it("remembers the clip on this device under its upload's id, the submission id the server stores it under", async () => {
    const file = new File([new Uint8Array(2048)], 'IMG_0420.MOV', { type: 'video/quicktime' });
    const stored = await sendVideo({ eventId: EVENT_ID, name: 'Uncle Ben', photoCaption: 'The toast', file });

    expect(stored.memory.id).toBe(MEMORY_ID);
    expect(received).toBe(2048);
    expect(mySubmissions(EVENT_ID)).toEqual([
      expect.objectContaining({
        submissionId: UPLOAD_ID,
        memoryId: MEMORY_ID,
        type: MemoryType.Video,
        preview: 'The toast',
      }),
    ]);
  });
});
