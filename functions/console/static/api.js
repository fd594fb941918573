// The memstore HTTP API, as the console calls it: same origin, the caller's bearer token when
// one is given, errors as the API words them.

export class ApiError extends Error {
  constructor(status, code, message, param) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
  }
}

const NETWORK = "network_error";

export class Api {
  constructor(base) {
    this.base = base;
    this.token = "";
    this.userId = "";
  }

  headers(body) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (this.userId) headers["x-memory-user-id"] = this.userId;
    return headers;
  }

  url(path, query) {
    const url = new URL(path.replace(/^\//, ""), this.base);
    for (const [key, value] of Object.entries(query || {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    return url;
  }

  async send(method, path, { body, query, raw } = {}) {
    let response;
    try {
      response = await fetch(this.url(path, query), {
        method,
        headers: this.headers(body),
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
        cache: "no-store",
      });
    } catch {
      throw new ApiError(0, NETWORK, "The API could not be reached. Nothing was changed by this attempt; try again.", null);
    }
    const text = await response.text();
    if (response.ok) {
      if (raw) return text;
      return text ? JSON.parse(text) : null;
    }
    throw errorFrom(response.status, text);
  }

  get(path, query) { return this.send("GET", path, { query }); }
  post(path, body, query) { return this.send("POST", path, { body, query }); }
  delete(path) { return this.send("DELETE", path); }

  // A route the deployment may not have yet: true when it answers, false when it does not exist.
  // The probe is a request the route must refuse or answer without writing anything, about a
  // store or memory that exists: a 404 or 405 then means the path is not routed.
  async has(method, path, { body, query } = {}) {
    try {
      await this.send(method, path, { body, query, raw: true });
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404 || error.status === 405) return false;
      return error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;
    }
  }
}

function errorFrom(status, text) {
  let parsed = null;
  try { parsed = JSON.parse(text); } catch { parsed = null; }
  const detail = parsed && typeof parsed === "object" ? parsed.error : null;
  if (detail && typeof detail === "object" && typeof detail.message === "string") {
    return new ApiError(status, String(detail.code || "error"), detail.message, detail.param ?? null);
  }
  // API Gateway's own answers ({"message": "Not Found"}, an authorizer's 401) are not memstore's shape.
  const message = parsed && typeof parsed.message === "string" ? parsed.message : `HTTP ${status}`;
  return new ApiError(status, "gateway_error", message, null);
}

export function describe(error) {
  if (error instanceof ApiError) {
    const where = error.param ? ` (${error.param})` : "";
    const status = error.status ? `${error.status} ` : "";
    return `${status}${error.code}${where}: ${error.message}`;
  }
  return `The console failed: ${error && error.message ? error.message : String(error)}`;
}

// Every page of a list, in the API's order, up to `cap` items; `truncated` says whether more remain.
export async function listAll(api, path, query, cap = 1000) {
  const items = [];
  let after;
  let more = true;
  while (more && items.length < cap) {
    const page = await api.get(path, { ...query, limit: 100, after });
    items.push(...page.data);
    more = Boolean(page.has_more);
    after = page.next_after || page.last_id;
    if (!after) more = false;
  }
  return { items, truncated: more };
}
