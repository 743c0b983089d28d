/**
 * Well-known companies people try that the demo data does not cover. The demo agent names them
 * as not covered instead of answering about other companies.
 */
export interface UncoveredCompany {
  /** How the report names it. */
  label: string;
  /** Names, short names and tickers it goes by. */
  names: string[];
}

export const UNCOVERED_COMPANIES: readonly UncoveredCompany[] = [
  { label: 'Alphabet (Google)', names: ['Alphabet', 'Google', '谷歌', 'GOOGL', 'GOOG'] },
  { label: 'Meta', names: ['Meta Platforms', 'Meta', 'Facebook', 'META', '脸书'] },
  { label: 'Intel', names: ['Intel', 'INTC', '英特尔'] },
  { label: 'TSMC', names: ['TSMC', 'Taiwan Semiconductor', '台积电', 'TSM'] },
  { label: 'Samsung Electronics', names: ['Samsung', '三星'] },
  { label: 'Netflix', names: ['Netflix', 'NFLX', '奈飞'] },
  { label: 'Broadcom', names: ['Broadcom', 'AVGO', '博通'] },
  { label: 'Qualcomm', names: ['Qualcomm', 'QCOM', '高通'] },
  { label: 'Oracle', names: ['Oracle', 'ORCL', '甲骨文'] },
  { label: 'Berkshire Hathaway', names: ['Berkshire', '伯克希尔'] },
  { label: '京东 (JD.com)', names: ['京东', 'JD.com', 'JD'] },
  { label: '百度 (Baidu)', names: ['百度', 'Baidu', 'BIDU'] },
  { label: '拼多多 (PDD)', names: ['拼多多', 'Pinduoduo', 'PDD', 'Temu'] },
  { label: '网易 (NetEase)', names: ['网易', 'NetEase', 'NTES'] },
  { label: '快手 (Kuaishou)', names: ['快手', 'Kuaishou'] },
  { label: '华为 (Huawei)', names: ['华为', 'Huawei'] },
  { label: '字节跳动 (ByteDance)', names: ['字节跳动', 'ByteDance', 'TikTok', '抖音'] },
  { label: '中芯国际 (SMIC)', names: ['中芯国际', '中芯', 'SMIC'] },
  { label: '平安银行', names: ['平安银行', 'Ping An Bank'] },
  { label: '工商银行 (ICBC)', names: ['工商银行', '工行', 'ICBC'] },
  { label: '中国移动 (China Mobile)', names: ['中国移动', 'China Mobile'] },
  { label: '洋河股份', names: ['洋河股份', '洋河'] },
  { label: '泸州老窖', names: ['泸州老窖', '老窖'] },
  { label: '山西汾酒', names: ['山西汾酒', '汾酒'] },
  { label: '蔚来 (NIO)', names: ['蔚来', 'NIO'] },
  { label: '理想汽车 (Li Auto)', names: ['理想汽车', 'Li Auto'] },
  { label: '小鹏汽车 (XPeng)', names: ['小鹏汽车', '小鹏', 'XPeng'] },
  { label: 'Micron', names: ['Micron', 'MU', '美光'] },
];
