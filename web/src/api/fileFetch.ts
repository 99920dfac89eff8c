import { API_BASE, ApiError, catalogueMessage, http } from './http';
import { readToken } from './storedSession';

const fetchWithToken = (path: string) => {
  const token = readToken();
  return fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
};

/**
 * A file the API serves behind the bearer token (a download, an evidence picture), which a plain
 * link or `<img src>` cannot carry. The JSON client reads no files, so an expired access token is
 * renewed by one cheap JSON call (which refreshes the session) and the file is asked for once
 * more. A refusal is an ApiError with the server's message.
 */
export async function fetchFile(path: string): Promise<Response> {
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
  return response;
}
