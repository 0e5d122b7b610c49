const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes as standard padded base64 (what Gitee's contents API takes): a blob moved to another
 * path is written again byte for byte, whatever its encoding. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const rest = bytes.length - i;
    const triple = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += BASE64[(triple >> 18) & 0x3f]! + BASE64[(triple >> 12) & 0x3f]!;
    out += rest > 1 ? BASE64[(triple >> 6) & 0x3f]! : '=';
    out += rest > 2 ? BASE64[triple & 0x3f]! : '=';
  }
  return out;
}
