/**
 * The Redis room state's scripts (redis-room-state.ts). Each runs atomically in Redis, so two nodes
 * admitting at once cannot both take the last place. A room's seats are one hash per node
 * (`seats:<node>`, socket id to "h|key" for the host, "p|key" for anyone else), listed in the
 * room's `nodes` set; a node's hash expires unless it refreshes it, so the seats of a node that died
 * stop counting within SEAT_TTL_MS, and the scripts drop it from `nodes`.
 *
 * KEYS: 1 nodes, 2 seen, 3 state, 4 this node's seats. ARGV[1]: the prefix of every node's seats key.
 */
const COUNT_SEATS = `
local function count(key)
  local people, mine, total = {}, 0, 0
  for _, node in ipairs(redis.call('SMEMBERS', KEYS[1])) do
    local seats = redis.call('HVALS', ARGV[1] .. node)
    if #seats == 0 then redis.call('SREM', KEYS[1], node) end
    for _, seat in ipairs(seats) do
      local who = string.sub(seat, 3)
      if who == key then mine = mine + 1 end
      if string.sub(seat, 1, 1) == 'p' and not people[who] then
        people[who] = true
        total = total + 1
      end
    end
  end
  return mine, total
end
`;

/**
 * ARGV: 2 node id, 3 socket id, 4 person key, 5 '1' for the host, 6 maxParticipants,
 * 7 socketsPerPerson, 8 seat TTL ms, 9 state TTL s. Answers 'locked', 'sockets', 'full', or
 * 'ok:first' / 'ok' (whether the person had no seat before).
 */
export const TAKE_SEAT = `${COUNT_SEATS}
local key, isHost = ARGV[4], ARGV[5] == '1'
if not isHost and redis.call('HGET', KEYS[3], 'locked') == '1' and redis.call('SISMEMBER', KEYS[2], key) == 0 then
  return 'locked'
end
local mine, total = count(key)
if mine >= tonumber(ARGV[7]) then return 'sockets' end
if not isHost and mine == 0 and total >= tonumber(ARGV[6]) then return 'full' end
redis.call('HSET', KEYS[4], ARGV[3], (isHost and 'h|' or 'p|') .. key)
redis.call('PEXPIRE', KEYS[4], ARGV[8])
redis.call('SADD', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], key)
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[9]) end
if mine == 0 then return 'ok:first' end
return 'ok'
`;

/** ARGV: 2 socket id, 3 person key. Answers the person's seats left on every node. */
export const LEAVE_SEAT = `${COUNT_SEATS}
redis.call('HDEL', KEYS[4], ARGV[2])
local mine = count(ARGV[3])
return mine
`;

/**
 * KEYS: 1 the limit's counter. ARGV: 1 limit, 2 window ms. The first event of a window starts it
 * (the counter expires with it); refused events count too, which changes nothing once over.
 * Answers 1 when the event is within the limit.
 */
export const TAKE_RATE = `
local taken = redis.call('INCR', KEYS[1])
if taken == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if taken > tonumber(ARGV[1]) then return 0 end
return 1
`;

/** KEYS: 1 state. ARGV: 1 the state read, 2 the next, 3 state TTL s. Sets the host's SFU presence only if unchanged since read. */
export const SWAP_HOST_SFU = `
local now = redis.call('HGET', KEYS[1], 'hostSfu') or 'on'
if now ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'hostSfu', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * KEYS: 1 chat. ARGV: 1 the message's id ('' when it has none), 2 the message as JSON, 3 history
 * length, 4 state TTL s. Answers 0, keeping nothing, when a message of the history has that id.
 */
export const APPEND_CHAT = `
if ARGV[1] ~= '' then
  for _, kept in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
    local ok, message = pcall(cjson.decode, kept)
    if ok and type(message) == 'table' and message.id == ARGV[1] then return 0 end
  end
end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[3]), -1)
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
`;
