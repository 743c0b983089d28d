/** Trending market concepts: fixed definitions; their docs are linked by search at build time. */
export interface ConceptStockDef {
  market: 'cn' | 'hk' | 'us';
  code: string;
  name: string;
  description: string;
  relevance: number;
}

export interface ConceptDef {
  code: string;
  name: string;
  nameEn: string;
  desc: string;
  keywords: string[];
  conceptScore: number;
  trendingScore: number;
  firstDetected: boolean;
  stocks: ConceptStockDef[];
}

export const DEMO_CONCEPTS: readonly ConceptDef[] = [
  {
    code: 'AI_COMPUTE',
    name: 'AI算力',
    nameEn: 'AI compute',
    desc: '大模型训练与推理需求推动GPU、服务器与数据中心资本开支持续上行。',
    keywords: ['AI算力', 'GPU', '数据中心', 'Blackwell', 'AI chips'],
    conceptScore: 0.93,
    trendingScore: 97.2,
    firstDetected: false,
    stocks: [
      { market: 'us', code: 'NVDA', name: '英伟达', description: 'GPU与AI加速计算龙头', relevance: 0.98 },
      { market: 'us', code: 'MSFT', name: '微软', description: 'Azure AI基础设施投入', relevance: 0.81 },
      { market: 'hk', code: '09988', name: '阿里巴巴', description: '阿里云AI算力资本开支', relevance: 0.74 },
    ],
  },
  {
    code: 'SOLID_BATTERY',
    name: '固态电池',
    nameEn: 'Solid-state batteries',
    desc: '固态电池能量密度与安全性提升，产业化进程加速。',
    keywords: ['固态电池', '动力电池', '锂电池', 'solid-state battery'],
    conceptScore: 0.88,
    trendingScore: 91.5,
    firstDetected: false,
    stocks: [
      { market: 'cn', code: '300750', name: '宁德时代', description: '动力电池龙头，固态电池研发领先', relevance: 0.95 },
      { market: 'us', code: 'TSLA', name: '特斯拉', description: '电池技术路线与4680电池', relevance: 0.62 },
    ],
  },
  {
    code: 'BAIJIU_RECOVERY',
    name: '白酒消费复苏',
    nameEn: 'Baijiu consumption recovery',
    desc: '高端白酒批价企稳，节假日动销改善。',
    keywords: ['白酒', '茅台', '批价', '动销', 'baijiu'],
    conceptScore: 0.79,
    trendingScore: 86.4,
    firstDetected: false,
    stocks: [
      { market: 'cn', code: '600519', name: '贵州茅台', description: '高端白酒龙头，批价风向标', relevance: 0.97 },
      { market: 'cn', code: '000858', name: '五粮液', description: '浓香型高端白酒', relevance: 0.9 },
    ],
  },
  {
    code: 'HUMANOID_ROBOT',
    name: '人形机器人',
    nameEn: 'Humanoid robots',
    desc: '人形机器人量产预期升温，带动执行器、传感器产业链。',
    keywords: ['人形机器人', 'Optimus', 'humanoid robot', '机器人'],
    conceptScore: 0.84,
    trendingScore: 89.9,
    firstDetected: true,
    stocks: [
      { market: 'us', code: 'TSLA', name: '特斯拉', description: 'Optimus人形机器人', relevance: 0.92 },
      { market: 'hk', code: '01810', name: '小米集团', description: 'CyberOne机器人与智能制造', relevance: 0.66 },
      { market: 'us', code: 'NVDA', name: '英伟达', description: '机器人仿真与Isaac平台', relevance: 0.6 },
    ],
  },
  {
    code: 'HIGH_DIVIDEND',
    name: '高股息',
    nameEn: 'High dividend',
    desc: '低利率环境下高股息资产受到长线资金青睐。',
    keywords: ['高股息', '分红', '股息率', 'dividend'],
    conceptScore: 0.76,
    trendingScore: 82.3,
    firstDetected: false,
    stocks: [
      { market: 'cn', code: '601318', name: '中国平安', description: '稳定分红的保险龙头', relevance: 0.86 },
      { market: 'cn', code: '600036', name: '招商银行', description: '高股息零售银行', relevance: 0.88 },
      { market: 'cn', code: '600519', name: '贵州茅台', description: '提高分红比例', relevance: 0.64 },
    ],
  },
  {
    code: 'CLOUD',
    name: '云计算',
    nameEn: 'Cloud computing',
    desc: '企业上云与AI应用推动云收入重新加速。',
    keywords: ['云计算', 'AWS', 'Azure', '阿里云', 'cloud'],
    conceptScore: 0.82,
    trendingScore: 85.1,
    firstDetected: false,
    stocks: [
      { market: 'us', code: 'AMZN', name: '亚马逊', description: 'AWS全球云计算龙头', relevance: 0.94 },
      { market: 'us', code: 'MSFT', name: '微软', description: 'Azure智能云', relevance: 0.93 },
      { market: 'hk', code: '09988', name: '阿里巴巴', description: '阿里云', relevance: 0.85 },
      { market: 'hk', code: '00700', name: '腾讯控股', description: '腾讯云', relevance: 0.7 },
    ],
  },
  {
    code: 'AUTONOMOUS_DRIVING',
    name: '自动驾驶',
    nameEn: 'Autonomous driving',
    desc: '端到端智驾方案与Robotaxi商业化落地提速。',
    keywords: ['自动驾驶', 'FSD', 'Robotaxi', '智能驾驶'],
    conceptScore: 0.8,
    trendingScore: 88.0,
    firstDetected: false,
    stocks: [
      { market: 'us', code: 'TSLA', name: '特斯拉', description: 'FSD与Robotaxi', relevance: 0.96 },
      { market: 'hk', code: '01810', name: '小米集团', description: '小米SU7智驾', relevance: 0.71 },
      { market: 'us', code: 'NVDA', name: '英伟达', description: 'DRIVE Thor车载芯片', relevance: 0.69 },
    ],
  },
  {
    code: 'GOING_GLOBAL',
    name: '出海',
    nameEn: 'Going global',
    desc: '中国企业加速海外扩张，外卖、电商与新能源出海成效显现。',
    keywords: ['出海', 'Keeta', '海外市场', '国际化'],
    conceptScore: 0.72,
    trendingScore: 79.6,
    firstDetected: false,
    stocks: [
      { market: 'hk', code: '03690', name: '美团', description: 'Keeta海外外卖', relevance: 0.91 },
      { market: 'hk', code: '09988', name: '阿里巴巴', description: '速卖通与Lazada', relevance: 0.78 },
      { market: 'cn', code: '300750', name: '宁德时代', description: '欧洲电池工厂', relevance: 0.7 },
    ],
  },
  {
    code: 'CONSUMER_ELECTRONICS',
    name: '消费电子',
    nameEn: 'Consumer electronics',
    desc: 'AI手机换机潮与端侧大模型带动消费电子需求。',
    keywords: ['消费电子', 'iPhone', '智能手机', 'AI手机'],
    conceptScore: 0.7,
    trendingScore: 76.8,
    firstDetected: false,
    stocks: [
      { market: 'us', code: 'AAPL', name: '苹果', description: 'iPhone与Apple Intelligence', relevance: 0.95 },
      { market: 'hk', code: '01810', name: '小米集团', description: '智能手机与IoT', relevance: 0.9 },
    ],
  },
  {
    code: 'LOCAL_SERVICES',
    name: '即时零售',
    nameEn: 'Instant retail',
    desc: '外卖平台竞争加剧，即时零售成为新战场。',
    keywords: ['即时零售', '外卖', '本地生活', 'food delivery'],
    conceptScore: 0.69,
    trendingScore: 74.2,
    firstDetected: true,
    stocks: [
      { market: 'hk', code: '03690', name: '美团', description: '外卖与闪购', relevance: 0.97 },
      { market: 'hk', code: '09988', name: '阿里巴巴', description: '饿了么与淘宝闪购', relevance: 0.83 },
    ],
  },
  {
    code: 'LARGE_MODELS',
    name: '大模型应用',
    nameEn: 'LLM applications',
    desc: '国产大模型能力追赶，应用端商业化加速。',
    keywords: ['大模型', '通义千问', '混元大模型', 'Copilot', 'LLM'],
    conceptScore: 0.86,
    trendingScore: 90.7,
    firstDetected: false,
    stocks: [
      { market: 'hk', code: '09988', name: '阿里巴巴', description: '通义千问开源模型', relevance: 0.92 },
      { market: 'hk', code: '00700', name: '腾讯控股', description: '混元大模型与元宝', relevance: 0.88 },
      { market: 'us', code: 'MSFT', name: '微软', description: 'Copilot全家桶', relevance: 0.87 },
    ],
  },
  {
    code: 'ENERGY_STORAGE',
    name: '储能',
    nameEn: 'Energy storage',
    desc: '大储与户储需求高增，储能电池出货量创新高。',
    keywords: ['储能', 'Megapack', 'energy storage', '储能电池'],
    conceptScore: 0.77,
    trendingScore: 80.9,
    firstDetected: false,
    stocks: [
      { market: 'cn', code: '300750', name: '宁德时代', description: '储能电池系统', relevance: 0.93 },
      { market: 'us', code: 'TSLA', name: '特斯拉', description: 'Megapack储能', relevance: 0.84 },
    ],
  },
];
