import { API_BASE, ApiError, catalogueMessage, http } from '../../api/http';
import { readToken } from '../../api/storedSession';

const fetchWithToken = (path: string) => {
  const token = readToken();
  return fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
};

/** The file name the server suggested in Content-Disposition, else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a file the API serves behind the bearer token (a plain link cannot carry it): fetch →
 * Blob → object URL → a click on a temporary anchor. The JSON client does not read files, so an
 * expired access token is renewed by one cheap JSON call (which refreshes the session) and the
 * download is tried again once.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetchWithToken(path);
    if (response.status === 401 && readToken()) {
      await http.get('/auth/me');
      response = await fetchWithToken(path);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ status: 0, message: catalogueMessage(0) });
  }
  if (!response.ok) {
    let serverMessage: string | undefined;
    try {
      serverMessage = ((await response.json()) as { message?: string }).message;
    } catch {
      serverMessage = undefined;
    }
    throw new ApiError({ status: response.status, message: catalogueMessage(response.status, serverMessage), serverMessage });
  }
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileNameOf(response, fallbackName);
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
