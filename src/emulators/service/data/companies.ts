/** The demo companies: the fixed facts every other generator builds on. */
export type DemoMarket = 'cn' | 'hk' | 'us';

export interface DemoCompany {
  /** `<MARKET>:<code>` */
  symbol: string;
  exchange: 'SH' | 'SZ' | 'HK' | 'US';
  code: string;
  market: DemoMarket;
  nameZh: string;
  nameEn: string;
  logo: string;
  currency: 'CNY' | 'HKD' | 'USD';
  /** Month (1..12) in which the fiscal year ends. */
  fiscalYearEndMonth: number;
  industryZh: string;
  industryEn: string;
  /** Rough size of total assets, in currency units. */
  assetScale: number;
  /** Business segments (revenue breakdown "industry"). */
  segments: string[];
  areas: string[];
  products: string[];
  keywordsZh: string[];
  keywordsEn: string[];
  people: string[];
}

const logo = (code: string): string => `https://static.research-desk.example/logos/${code.toLowerCase()}.png`;

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    symbol: 'SH:600519', exchange: 'SH', code: '600519', market: 'cn', nameZh: '贵州茅台', nameEn: 'Kweichow Moutai',
    logo: logo('600519'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '白酒', industryEn: 'Baijiu',
    assetScale: 2.9e11, segments: ['茅台酒', '系列酒'], areas: ['国内', '国外'], products: ['飞天茅台', '茅台1935', '茅台王子酒'],
    keywordsZh: ['茅台', '白酒', '高端白酒', '批价', '直销渠道', 'i茅台'], keywordsEn: ['moutai', 'baijiu', 'liquor', 'premium spirits'],
    people: ['张德芹', '丁雄军'],
  },
  {
    symbol: 'SZ:300750', exchange: 'SZ', code: '300750', market: 'cn', nameZh: '宁德时代', nameEn: 'CATL',
    logo: logo('300750'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '动力电池', industryEn: 'EV Batteries',
    assetScale: 7.8e11, segments: ['动力电池系统', '储能电池系统', '电池材料及回收'], areas: ['境内', '境外'], products: ['麒麟电池', '神行超充电池'],
    keywordsZh: ['宁德时代', '动力电池', '储能', '固态电池', '锂电池'], keywordsEn: ['catl', 'battery', 'energy storage', 'lithium'],
    people: ['曾毓群'],
  },
  {
    symbol: 'SZ:000858', exchange: 'SZ', code: '000858', market: 'cn', nameZh: '五粮液', nameEn: 'Wuliangye',
    logo: logo('000858'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '白酒', industryEn: 'Baijiu',
    assetScale: 1.7e11, segments: ['酒类', '其他业务'], areas: ['东部', '南部', '中部', '北部', '西部'], products: ['普五', '五粮春', '五粮醇'],
    keywordsZh: ['五粮液', '白酒', '浓香型', '经销商'], keywordsEn: ['wuliangye', 'baijiu', 'liquor'],
    people: ['曾从钦'],
  },
  {
    symbol: 'SH:601318', exchange: 'SH', code: '601318', market: 'cn', nameZh: '中国平安', nameEn: 'Ping An Insurance',
    logo: logo('601318'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '保险', industryEn: 'Insurance',
    assetScale: 1.2e13, segments: ['寿险及健康险', '财产保险', '银行', '资产管理'], areas: ['中国内地', '中国香港'], products: [],
    keywordsZh: ['中国平安', '保险', '寿险', '新业务价值', '高股息'], keywordsEn: ['ping an', 'insurance', 'life insurance'],
    people: ['马明哲', '谢永林'],
  },
  {
    symbol: 'SH:600036', exchange: 'SH', code: '600036', market: 'cn', nameZh: '招商银行', nameEn: 'China Merchants Bank',
    logo: logo('600036'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '银行', industryEn: 'Banking',
    assetScale: 1.1e13, segments: ['零售金融', '批发金融', '其他'], areas: ['长江三角洲', '珠江三角洲', '环渤海', '境外'], products: [],
    keywordsZh: ['招商银行', '银行', '零售银行', '净息差', '高股息'], keywordsEn: ['cmb', 'bank', 'net interest margin'],
    people: ['王良'],
  },
  {
    symbol: 'HK:00700', exchange: 'HK', code: '00700', market: 'hk', nameZh: '腾讯控股', nameEn: 'Tencent',
    logo: logo('00700'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '互联网', industryEn: 'Internet',
    assetScale: 1.8e12, segments: ['增值服务', '营销服务', '金融科技及企业服务'], areas: ['中国内地', '其他地区'], products: ['微信', '王者荣耀', '腾讯云'],
    keywordsZh: ['腾讯', '微信', '游戏', '视频号', '混元大模型'], keywordsEn: ['tencent', 'wechat', 'games', 'cloud'],
    people: ['马化腾', '刘炽平'],
  },
  {
    symbol: 'HK:09988', exchange: 'HK', code: '09988', market: 'hk', nameZh: '阿里巴巴', nameEn: 'Alibaba',
    logo: logo('09988'), currency: 'CNY', fiscalYearEndMonth: 3, industryZh: '电商', industryEn: 'E-commerce',
    assetScale: 1.8e12, segments: ['淘天集团', '云智能集团', '阿里国际数字商业', '菜鸟'], areas: ['中国', '海外'], products: ['淘宝', '天猫', '通义千问'],
    keywordsZh: ['阿里巴巴', '电商', '阿里云', '通义千问', 'AI算力'], keywordsEn: ['alibaba', 'e-commerce', 'cloud', 'qwen'],
    people: ['吴泳铭', '蔡崇信'],
  },
  {
    symbol: 'HK:03690', exchange: 'HK', code: '03690', market: 'hk', nameZh: '美团', nameEn: 'Meituan',
    logo: logo('03690'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '本地生活', industryEn: 'Local Services',
    assetScale: 3.0e11, segments: ['核心本地商业', '新业务'], areas: ['中国内地', '海外'], products: ['美团外卖', '美团优选', 'Keeta'],
    keywordsZh: ['美团', '外卖', '本地生活', '即时零售', '出海'], keywordsEn: ['meituan', 'food delivery', 'keeta'],
    people: ['王兴'],
  },
  {
    symbol: 'HK:01810', exchange: 'HK', code: '01810', market: 'hk', nameZh: '小米集团', nameEn: 'Xiaomi',
    logo: logo('01810'), currency: 'CNY', fiscalYearEndMonth: 12, industryZh: '消费电子', industryEn: 'Consumer Electronics',
    assetScale: 3.3e11, segments: ['智能手机', 'IoT与生活消费产品', '互联网服务', '智能电动汽车'], areas: ['中国内地', '境外'], products: ['小米手机', '小米SU7'],
    keywordsZh: ['小米', '智能手机', '小米汽车', '消费电子', '人车家'], keywordsEn: ['xiaomi', 'smartphone', 'su7', 'ev'],
    people: ['雷军'],
  },
  {
    symbol: 'US:NVDA', exchange: 'US', code: 'NVDA', market: 'us', nameZh: '英伟达', nameEn: 'NVIDIA',
    logo: logo('NVDA'), currency: 'USD', fiscalYearEndMonth: 1, industryZh: '半导体', industryEn: 'Semiconductors',
    assetScale: 1.1e11, segments: ['Data Center', 'Gaming', 'Professional Visualization', 'Automotive'], areas: ['United States', 'Taiwan', 'China', 'Other'], products: ['H100', 'Blackwell B200', 'GeForce RTX'],
    keywordsZh: ['英伟达', 'AI芯片', 'GPU', '算力', '数据中心'], keywordsEn: ['nvidia', 'gpu', 'ai chips', 'data center', 'blackwell', 'cuda'],
    people: ['Jensen Huang', 'Colette Kress'],
  },
  {
    symbol: 'US:AAPL', exchange: 'US', code: 'AAPL', market: 'us', nameZh: '苹果', nameEn: 'Apple',
    logo: logo('AAPL'), currency: 'USD', fiscalYearEndMonth: 9, industryZh: '消费电子', industryEn: 'Consumer Electronics',
    assetScale: 3.6e11, segments: ['iPhone', 'Mac', 'iPad', 'Wearables, Home and Accessories', 'Services'], areas: ['Americas', 'Europe', 'Greater China', 'Japan', 'Rest of Asia Pacific'], products: ['iPhone', 'Mac', 'Apple Vision Pro'],
    keywordsZh: ['苹果', 'iPhone', '消费电子', '服务收入'], keywordsEn: ['apple', 'iphone', 'services', 'apple intelligence'],
    people: ['Tim Cook', 'Kevan Parekh'],
  },
  {
    symbol: 'US:TSLA', exchange: 'US', code: 'TSLA', market: 'us', nameZh: '特斯拉', nameEn: 'Tesla',
    logo: logo('TSLA'), currency: 'USD', fiscalYearEndMonth: 12, industryZh: '新能源汽车', industryEn: 'Electric Vehicles',
    assetScale: 1.2e11, segments: ['Automotive', 'Energy Generation and Storage', 'Services and Other'], areas: ['United States', 'China', 'Other'], products: ['Model 3', 'Model Y', 'Cybertruck', 'Megapack'],
    keywordsZh: ['特斯拉', '电动车', '自动驾驶', 'FSD', '储能'], keywordsEn: ['tesla', 'ev', 'fsd', 'autonomous driving', 'robotaxi', 'optimus'],
    people: ['Elon Musk', 'Vaibhav Taneja'],
  },
  {
    symbol: 'US:MSFT', exchange: 'US', code: 'MSFT', market: 'us', nameZh: '微软', nameEn: 'Microsoft',
    logo: logo('MSFT'), currency: 'USD', fiscalYearEndMonth: 6, industryZh: '软件', industryEn: 'Software',
    assetScale: 5.1e11, segments: ['Productivity and Business Processes', 'Intelligent Cloud', 'More Personal Computing'], areas: ['United States', 'Other countries'], products: ['Azure', 'Microsoft 365', 'Copilot'],
    keywordsZh: ['微软', '云计算', 'Azure', 'Copilot', 'AI算力'], keywordsEn: ['microsoft', 'azure', 'copilot', 'cloud', 'openai'],
    people: ['Satya Nadella', 'Amy Hood'],
  },
  {
    symbol: 'US:AMZN', exchange: 'US', code: 'AMZN', market: 'us', nameZh: '亚马逊', nameEn: 'Amazon',
    logo: logo('AMZN'), currency: 'USD', fiscalYearEndMonth: 12, industryZh: '电商', industryEn: 'E-commerce',
    assetScale: 5.8e11, segments: ['North America', 'International', 'AWS'], areas: ['United States', 'Germany', 'United Kingdom', 'Japan', 'Rest of world'], products: ['AWS', 'Prime', 'Alexa'],
    keywordsZh: ['亚马逊', '电商', '云计算', 'AWS'], keywordsEn: ['amazon', 'aws', 'e-commerce', 'cloud', 'prime'],
    people: ['Andy Jassy', 'Brian Olsavsky'],
  },
];

