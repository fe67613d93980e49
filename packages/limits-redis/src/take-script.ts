/*
 * The take as one Lua script, run by Redis atomically (no other command runs between its reads and
 * its writes). It is the generic cell rate algorithm of the in-memory store, step for step: a
 * bucket is its TAT (the time it is full again), a missing or past TAT is a full bucket, a token
 * moves the TAT one interval on, and a take is refused when a bucket's TAT is more than
 * (burst - 1) intervals ahead. Every bucket of the take is read first; if one must wait, nothing is
 * written and the longest wait is answered; otherwise every new TAT is written with an expiry at
 * the moment that bucket is full again, so an idle bucket leaves Redis by itself.
 *
 * KEYS: the buckets' keys (prefixed). ARGV[1]: `s` to read the server's TIME, `l` to use ARGV[2],
 * the limiter's clock, in milliseconds. ARGV[3]: milliseconds the expiry is put off past the
 * moment a bucket is full. Then per bucket, burst and interval (ms per token).
 * Numbers are written with 17 significant digits, so a TAT read back is the same double.
 * Answers {1} when admitted, {0, wait, position} when refused (wait in ms as text, position from 0).
 */
export const TAKE_SCRIPT = `local now
if ARGV[1] == 's' then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
else
  now = tonumber(ARGV[2])
end
local pending = {}
local nexts = {}
local worst = 0
local limited = -1
for i = 1, #KEYS do
  local key = KEYS[i]
  local burst = tonumber(ARGV[2 + 2 * i])
  local interval = tonumber(ARGV[3 + 2 * i])
  local tat = pending[key]
  if tat == nil then
    tat = now
    local stored = redis.call('GET', key)
    if stored then
      local value = tonumber(stored)
      if value == nil then return redis.error_reply('PORTCULLIS_BAD_TAT') end
      if value > now then tat = value end
    end
  end
  local wait = tat - now - (burst - 1) * interval
  if wait > 0 and wait > worst then
    worst = wait
    limited = i - 1
  end
  nexts[i] = tat + interval
  pending[key] = nexts[i]
end
if limited >= 0 then
  return {0, string.format('%.17g', worst), limited}
end
for i = 1, #KEYS do
  local ttl = math.ceil(nexts[i] - now) + tonumber(ARGV[3])
  if ttl < 1 then ttl = 1 end
  if ttl > 1e15 then ttl = 1e15 end
  redis.call('SET', KEYS[i], string.format('%.17g', nexts[i]), 'PX', string.format('%d', ttl))
end
return {1}
`;
