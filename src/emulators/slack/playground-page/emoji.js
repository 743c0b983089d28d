// Slack shortcodes → Unicode for the emoji people actually put in bot messages.
// Unknown shortcodes stay as ':name:' text, as Slack shows them when a custom emoji is missing.

const EMOJI = {
  // status & checks
  white_check_mark: '✅', heavy_check_mark: '✔️', ballot_box_with_check: '☑️', check: '✔️',
  x: '❌', negative_squared_cross_mark: '❎', heavy_multiplication_x: '✖️', no_entry: '⛔',
  no_entry_sign: '🚫', warning: '⚠️', exclamation: '❗', heavy_exclamation_mark: '❗',
  question: '❓', grey_question: '❔', bangbang: '‼️', interrobang: '⁉️', information_source: 'ℹ️',
  hourglass: '⌛', hourglass_flowing_sand: '⏳', stopwatch: '⏱️', timer_clock: '⏲️', alarm_clock: '⏰',
  clock1: '🕐', clock3: '🕒', clock9: '🕘', calendar: '📆', date: '📅', spiral_calendar_pad: '🗓️',
  large_green_circle: '🟢', large_yellow_circle: '🟡', large_orange_circle: '🟠', red_circle: '🔴',
  large_blue_circle: '🔵', white_circle: '⚪', black_circle: '⚫', large_purple_circle: '🟣',
  green_heart: '💚', yellow_heart: '💛', blue_heart: '💙', heart: '❤️', broken_heart: '💔',
  // finance & data
  chart_with_upwards_trend: '📈', chart_with_downwards_trend: '📉', bar_chart: '📊',
  moneybag: '💰', money_with_wings: '💸', dollar: '💵', euro: '💶', pound: '💷', yen: '💴',
  heavy_dollar_sign: '💲', credit_card: '💳', bank: '🏦', office: '🏢', classical_building: '🏛️',
  chart: '💹', receipt: '🧾', scales: '⚖️', abacus: '🧮', coin: '🪙', gem: '💎',
  // documents & tools
  page_facing_up: '📄', page_with_curl: '📃', memo: '📝', pencil: '📝', pencil2: '✏️',
  clipboard: '📋', bookmark_tabs: '📑', bookmark: '🔖', books: '📚', book: '📖', notebook: '📓',
  newspaper: '📰', file_folder: '📁', open_file_folder: '📂', card_index_dividers: '🗂️',
  card_file_box: '🗃️', link: '🔗', paperclip: '📎', pushpin: '📌', round_pushpin: '📍',
  mag: '🔍', mag_right: '🔎', microscope: '🔬', telescope: '🔭', wrench: '🔧', hammer: '🔨',
  hammer_and_wrench: '🛠️', gear: '⚙️', lock: '🔒', unlock: '🔓', key: '🔑', inbox_tray: '📥',
  outbox_tray: '📤', package: '📦', email: '📧', envelope: '✉️', mailbox: '📫', label: '🏷️',
  straight_ruler: '📏', triangular_ruler: '📐', desktop_computer: '🖥️', computer: '💻',
  // arrows & signs
  arrow_up: '⬆️', arrow_down: '⬇️', arrow_left: '⬅️', arrow_right: '➡️', arrow_up_down: '↕️',
  arrow_upper_right: '↗️', arrow_lower_right: '↘️', arrow_forward: '▶️', arrow_backward: '◀️',
  arrows_counterclockwise: '🔄', arrows_clockwise: '🔃', repeat: '🔁', leftwards_arrow_with_hook: '↩️',
  small_red_triangle: '🔺', small_red_triangle_down: '🔻', heavy_plus_sign: '➕',
  heavy_minus_sign: '➖', new: '🆕', up: '🆙', free: '🆓', sos: '🆘', ok: '🆗', cool: '🆒',
  top: '🔝', soon: '🔜', end: '🔚', back: '🔙', on: '🔛', recycle: '♻️', sparkle: '❇️',
  eight_spoked_asterisk: '✳️', star: '⭐', star2: '🌟', sparkles: '✨', dizzy: '💫', zap: '⚡',
  fire: '🔥', boom: '💥', bell: '🔔', no_bell: '🔕', loudspeaker: '📢', mega: '📣',
  speech_balloon: '💬', thought_balloon: '💭', left_speech_bubble: '🗨️', eyes: '👀', eye: '👁️',
  // people & gestures
  wave: '👋', thumbsup: '👍', '+1': '👍', thumbsdown: '👎', '-1': '👎', clap: '👏', raised_hands: '🙌',
  pray: '🙏', muscle: '💪', point_right: '👉', point_left: '👈', point_up: '☝️', point_down: '👇',
  ok_hand: '👌', handshake: '🤝', v: '✌️', writing_hand: '✍️', brain: '🧠', robot_face: '🤖',
  robot: '🤖', bust_in_silhouette: '👤', busts_in_silhouette: '👥', man_technologist: '👨‍💻',
  woman_technologist: '👩‍💻', detective: '🕵️', tada: '🎉', confetti_ball: '🎊', trophy: '🏆',
  medal: '🏅', first_place_medal: '🥇', dart: '🎯', rocket: '🚀', bulb: '💡', crystal_ball: '🔮',
  // faces
  smile: '😄', smiley: '😃', grinning: '😀', slightly_smiling_face: '🙂', wink: '😉', joy: '😂',
  thinking_face: '🤔', face_with_monocle: '🧐', sweat_smile: '😅', neutral_face: '😐',
  confused: '😕', disappointed: '😞', cry: '😢', scream: '😱', sunglasses: '😎', heart_eyes: '😍',
  upside_down_face: '🙃', nerd_face: '🤓', exploding_head: '🤯', zipper_mouth_face: '🤐',
  // nature & misc
  globe_with_meridians: '🌐', earth_americas: '🌎', earth_africa: '🌍', earth_asia: '🌏',
  sunny: '☀️', cloud: '☁️', umbrella: '☂️', snowflake: '❄️', ocean: '🌊', seedling: '🌱',
  evergreen_tree: '🌲', deciduous_tree: '🌳', coffee: '☕', pizza: '🍕', battery: '🔋',
  electric_plug: '🔌', satellite_antenna: '📡', building_construction: '🏗️', factory: '🏭',
  construction: '🚧', rotating_light: '🚨', vertical_traffic_light: '🚦', checkered_flag: '🏁',
  triangular_flag_on_post: '🚩', flag_us: '🇺🇸', 'flag-us': '🇺🇸', us: '🇺🇸', jp: '🇯🇵', de: '🇩🇪',
  gb: '🇬🇧', uk: '🇬🇧', fr: '🇫🇷', cn: '🇨🇳', eu: '🇪🇺', one: '1️⃣', two: '2️⃣', three: '3️⃣',
  four: '4️⃣', five: '5️⃣', hash: '#️⃣', keycap_ten: '🔟', heavy_division_sign: '➗',
  infinity: '♾️', 100: '💯', thread: '🧵', jigsaw: '🧩', test_tube: '🧪', dna: '🧬',
  shield: '🛡️', stop_sign: '🛑', speaking_head_in_silhouette: '🗣️', loud_sound: '🔊',
  mute: '🔇', zzz: '💤', wastebasket: '🗑️', clipboard_check: '📋', pen: '🖊️', lower_left_fountain_pen: '🖋️',
};

/** Unicode for a shortcode (with or without colons, skin tones ignored), or undefined. */
export function emojiFor(name) {
  const key = String(name ?? '').replace(/^:|:$/g, '').replace(/::skin-tone-\d$/, '');
  return Object.prototype.hasOwnProperty.call(EMOJI, key) ? EMOJI[key] : undefined;
}

/** Replaces known :shortcodes: in plain text (used for plain_text objects with emoji: true). */
export function replaceShortcodes(value) {
  return String(value ?? '').replace(/:([a-z0-9_+'-]+):/gi, (whole, name) => emojiFor(name) ?? whole);
}

export const EMOJI_COUNT = Object.keys(EMOJI).length;
