/**
 * Demo staff logins (docs/store-console.md): store<id> / pizza<id> for each store, and the chain admin
 * chainadmin / pizza-admin. The scrypt hashes are computed once, here, so seeding a database (every test file
 * does) costs no hashing. Regenerate with `npx tsx src/db/seed/gen-staff-hashes.ts` (apps/server) when stores are added.
 */
export const ADMIN_LOGIN = { username: 'chainadmin', name: 'Chain admin', passwordHash: 'scrypt$32768$8$1$H_mvqfUwuhfyIk8cZDRSOA$zjIxyZmPdIEC2mSqcjrCBX_HG2y0ionnkWavLI3ur3WpgeH2Fe6AiK5nSTFiV_2vJzVNyuVVCMQLLYg4gzqnYg' } as const;

/**
 * Staff members' registered mobiles: a customer who logs in (OTP) with one of these is staff, and may use the
 * staff-only coupon STAFF100 (docs/cart-pricing.md). The demo: store1001's member, 9000001001.
 */
export const STAFF_MOBILES: readonly { staffId: string; mobile: string }[] = [
  { staffId: 'S1001', mobile: '9000001001' },
];

/** [storeId, scrypt hash of "pizza<storeId>"] */
export const STORE_STAFF_HASHES: readonly (readonly [number, string])[] = [
  [1001, 'scrypt$32768$8$1$MoPPvuRTV8908qAi7sH96A$5GQkBRQtADl-rnvFncve1dAxwxOtpQwVHRE4v3o5KRriUco4Xh0LSjRAMsPQzdI2rDQciE5oY57UZ7-mGT3fYQ'],
  [1002, 'scrypt$32768$8$1$t9yDL6wqaFZDxZ581f1MgQ$mJ_VpQ0WT6M2RU4tfkuEX0_8y9a2C2thqEp9x0KvAp7jWuLnXsgseKyv9HMeMZ_jrFTXqwCBqGhjMRC_Qg7Dfw'],
  [1003, 'scrypt$32768$8$1$FSPsxgpiaGcyWzjCHgnaLQ$SC50jWwRlZCnxRwZjHNO0hZiq0PMGDx1IF5SjA91NfBOg_NNTkcBQcMFsafG2iukCRH--RD7o3j52qyBDI5_fw'],
  [1004, 'scrypt$32768$8$1$XPicbx6wzFmiuLkvfFPT1w$86QcLNs2yFnopQ5DX22nEopfuPKSFqNQF1JoUmk3_0SMyyRq826Koz-JmyUvjFe4tl4bvZh7AWJgnwMtg7hUPg'],
  [1005, 'scrypt$32768$8$1$V0Dwup1TD7hVY29ijnTMKQ$ArRvjWXXbY3mn9pgdBvGSddmqagy4Q3AZwFjgk444tmaB6H0utRU4EyrBCKFfx3L-JG7RED6ur6bVOMPpPKXcQ'],
  [1006, 'scrypt$32768$8$1$lFd6t61MyyOpleih8lEiyA$w3mdVrJZghtrZvwm8mbossGN2c7n6eZ26qFGeXLVpxxkoy_PYGty4QU17JRV6REbTNOXSMmAijxJeJRRE96zpQ'],
  [1007, 'scrypt$32768$8$1$1Pc2Ht0YOr1lLesnIrTrtQ$JUCcnYANAlJJFstjZbmYdi96VC9-peFkMOww8Y5Mhmo2-HWf2KQetoxkE63yhFCzwmaKtUGyzb8zO6wiKfTg8w'],
  [1008, 'scrypt$32768$8$1$3LksaXtPJsOtHJAGR3lJOg$Pp6pAtqttq8yRSTvoXatYkIPrKzbzLzWC1SNIovID5ZSxFg5aOJZug3I3_rxvxnqR1ti4TvQuaUK38xLO6Gprw'],
  [1009, 'scrypt$32768$8$1$6VbK6menpVeImf0mupreow$cbuyVdBIDbX37YoT3hLAErwvpIhg1nYjzKr6NPzctLO0JmGhLpfQ5G9wOrhQNx4vTLhxA-uFrQnhAWOILNPNRw'],
  [1010, 'scrypt$32768$8$1$3ybMdzIzYz2eNRNfbDcFtg$2jV3m1zTnC774LDqaowQLmOJ5kPXxY8-0DYPchgIhyUT4r8UJqNOGDFI0ZxR_XET1WB2xdnssPnruIxsC-YzJw'],
  [1101, 'scrypt$32768$8$1$r27BbZDvhYYqX9oep3Botw$BBBF81fqgEJIam6UEONooFaMP41S6sQyP1FulWakX0OwLKspZm3_XzC8dJimRKDYFx-7TCzX1HCVmkyBQm-fVQ'],
  [1102, 'scrypt$32768$8$1$w2yyiqMeQBTG6Q4DeFb6Mw$eYph7ni-WByL_ZF2bxYJQppaIatnah1zYnqqBBkDITeM-VHYbJbtwiXhyX3Oi9Bn890FPz9zqdHyADOXG3h1ow'],
  [1103, 'scrypt$32768$8$1$y70zWIFAvTfIxtTJzL9aQw$3O80OTm4dtQZxB21pKin9MXdOSBYeLmSgp58i5nCZ-U5ooLCWfOvR1-QVB58f7uMJrv_oyjlBYLy3Adpjic_ag'],
  [1104, 'scrypt$32768$8$1$HKtkSkUD1WMbJjqA1C_SLQ$Ix3m_vtHOtp9Yox4NQB40lihI63emBG28ApKH0LNMaj7djPlfPBw9Rk1_cuI1N7QFs-wYtO6tzwD7hmctkt97A'],
  [1105, 'scrypt$32768$8$1$LSBdHNWeops7uHGiCWcBmQ$no9XsTX3_gLU8fDqrT1lg7FBhjFdyqJjC1OhIoqEp0SMg8Tpg057XBVh8h01VMvW73qP9NQMfqggpau6nL_u1Q'],
  [1106, 'scrypt$32768$8$1$26y6PuDoUCsbzWy1seUhpg$GNDty61WT7eiFHJ2GrO0J1mZNfpQRyxF53cayd1RwK_sgG42KqszenryeCl09KEpgjWnMZ6a6GGheGidrQwu3g'],
  [1201, 'scrypt$32768$8$1$54js_tbQ0gYTzhsqBn2MEw$VMKVc1EoGzOUKZ0O3B0dEZKhfLMMmp2kwoTNEAKv9zFNGI3tDlzWEDs8-olAzhDr4a3HH6jVHjWV0B5J6O5MBA'],
  [1202, 'scrypt$32768$8$1$jbEZEUihJRdlRRl97jhXgg$pxBWhvaTBX9L93Bjn3lylpdtUT7mEd8yvewuBLi496doqQgk9JFJ4ZYw9nbcSmeNsg2GvXVH_ElOmphVV19y9g'],
  [1203, 'scrypt$32768$8$1$S97XGQa4MpF4_MlLBrqRew$icOWP6Yi32XO2mv9unKgssuMVcIfX3vMocjAN1Oz4POgx65LgjN7AbPRHViinL3p-p-2hIa7H1Q9wlEA6bIYFA'],
  [1204, 'scrypt$32768$8$1$t6F1jzFCdB9X41T6rrx0iw$hKuspPpqAGEFLBsx_a_RLrWMe1MIvBpEN5HYDwpi2Tx9mcRuwfyMQFTdnfM8K_viO6MTL_RRIjbEjNz5FdNR-A'],
  [1205, 'scrypt$32768$8$1$o6YjGqSqFrU9HMRl7HzTHA$cIq-4ErcrNUZxRZX6m0RBcfFKi-5BPGK5Tuc4sjdpbq_G6js7jligWjgyLmX0sX_0FkUjthgALAscRSzo2LtAQ'],
  [2001, 'scrypt$32768$8$1$W_CJLATIWe0spkj_mGEz5g$psNMnYt7iXebxqz-StlG1htGZPaCtbj84od_sotmq7cPZJ79Hmf11bScDZ1MiG3e8lr4XzOHJOEhhz5AgtFmkw'],
  [2002, 'scrypt$32768$8$1$ujxqQVyw8e6ecdI0yMS1Ww$748-e_arvq6zum7NtAQSrZJYWCzAClPSkHIu2dCZgwV-zuBiOmT9-HAxtZIpksfFFCPUrUeIdjqM9Htns-YJzg'],
  [2003, 'scrypt$32768$8$1$_7Zv1Bh1HEtBPURl3nv1QQ$KFaZeLXUJ18n6SKHe1s3sqzIAy1uA7mRC-iT6KhzIu5j7FQlnRt7dgZenF1JA3c-QD-o_LUXwG7lMM8CwPZESQ'],
  [2004, 'scrypt$32768$8$1$q3M-W2_yAZKJBu3OV41WjQ$edox-ZUqjdw54Ql1dwMhM8L3nSqA-dkw-oJveXr0riZWuK1Wl6RRORjLedWXt2x07JObcOhdNOuf9rYJFX5jAA'],
  [2005, 'scrypt$32768$8$1$1eHH0eRaylwbNwSjJ6bbWg$JZKf8Ci45Yl4QVyjtIcqpYHiyqNrzSkb1Y6gMEctgKHpItTASpLEBNd3ripwz2etKVUr30qig4COS8J4mPdjbw'],
  [2006, 'scrypt$32768$8$1$BVd9Q9a_PNv_A73g8DWjCg$qAQb7AqeWHIBpftfW7TZBc97KMOlR-NzJxubejIjr6slg7uN6KlVwerJKAlqO4VoHov4psL7OZeGY35p2uWWsw'],
  [2007, 'scrypt$32768$8$1$PpvleNdxNiSVDZWTdNgWqg$cs3VBNJ9HNfXnQBy-Q-1_dfS65A9O8mSvmLL-ingZXEoUdzfYJqkZgfEMNUCjlyvu_AFYkAAm7DIiPSMTE4nDw'],
  [2008, 'scrypt$32768$8$1$zBncO-4k3JiXEdnoeDEYWA$X04YDzYoZwfOvHzzk_JlR2NZR6hSU_ZQKew8WPVBnC-NHaInAgIQR6P-WtVtCKn73gu7Z4tRYchBgMxRaRlqYQ'],
  [2009, 'scrypt$32768$8$1$cca8kk4ZFdEBKp6QRGPbnQ$i1sfV73iyT3Wac6_yCdsvCFxwNBjZfhSrsWjZvq7D7JQRWdgKHlywPVWYFsDciOo8FEdluvlKGmc60G1mUxJjQ'],
  [2101, 'scrypt$32768$8$1$t6Re4vd0qTOqQ21q-kfVaQ$-ErRvVZu6SuSdj56QKGRBfjYja73teiIIbs2rhmXvBFFHt8UIN1GDOSi6L1XYH_laUiRFjuoJ0s0NLuHNPe0mA'],
  [2102, 'scrypt$32768$8$1$4_pqmq4Lgxdg2oANs3hrxQ$VUVMWB5iJDiY3gAOpaK4lodaORqql32H1bPRnYUZl98fKpFSKsRBcr3pDTIJ4tN3nQsxC7yqVg11AHrsdYT-yQ'],
  [2103, 'scrypt$32768$8$1$NZRlmvDi-12iXT5RCVZNcA$VAr5d3kkZTYO78vkeQNOH0Hn3ALyjybUs0A09QA5g1eGh-Cg6PmM98T1AavIPEJLbU2BJmkkSUXDoqEDswL63g'],
  [2104, 'scrypt$32768$8$1$kZ5CJwS7_WYVCMYfmhyVSw$h21hia7cbMezei-chZNgzjcCa3u8PVwRMRxWh-WS2EXwMPImJOUsVPME7vMG6VNxBkKZpqXG2zC7pC03ZNJwQw'],
  [2105, 'scrypt$32768$8$1$NRxASrK0MF9MpItbfVuTxg$NI7gUJG799KsVeem1L_ZE79cRf5hxst7QHQrF-4jk5XHIGzxK39UEd94emCRS3QPyUCNXgPDFoSttBof-OGAqQ'],
  [2106, 'scrypt$32768$8$1$fFWAUYOZlKpKkb9XPO91kA$ZYN0uqD4GVnAqhj8PGO4B2ry1Y2FP-ZDIJshEGoPq1hN_vdLR0E8D78eJ-scfs5-BZTsGtRU5mWgfj8QRQ4GNQ'],
  [3001, 'scrypt$32768$8$1$CsbKL2l5CIJ86gGTsMNo3w$cxBoQ1LWiAkwFaqIoXIIRN_Y2tPS-lcXn2WLub0O4Mog5cckqUFrrBo9yQBVZhNUCQVQxyATi88ZPTwa76Q7fg'],
  [3002, 'scrypt$32768$8$1$wEGvGo9-hx0735vjdylY8A$7EIDHYgpamb7ZgRjLVH4s1SwNFHstXH1iRGyc7PX1zzrTFU7OhKWhinVsTYAxNSEcFG_cmPrlKVU1qv6SRsQNQ'],
  [3003, 'scrypt$32768$8$1$u63jsacqJWjncEnI3B2PLw$ghKhpNBHS7oAb6gnu_JnRZQt67Q_OHAEGIFTs-VcWVSPGOwioRdU_mZwCVYlHbFNEh4bJR6_AVzM_Ikb8Qml-Q'],
  [3004, 'scrypt$32768$8$1$qRqruzVT97ggp4lEASWgNg$iLPKgzvy_p7WE_SF6PMlWP3EWq8FF4s6EZ4o6py7VV6QMfF0WpVFHjUpfLGCiAfgd75V9c1_idDyk-ck4qJAHw'],
  [3005, 'scrypt$32768$8$1$yTp_t6q3Lj2iPL0DDSmGRA$z4PHEJpiPjn2xMPrAVm8PQlov74NkohyNAfLU6WzwVEN9L7j0PFjcfL7RmFjsTQiKoZkuyfiivcqB0IugbIung'],
  [3006, 'scrypt$32768$8$1$YGQYbHoSjNHkBmUGN8voyQ$1VpGZmkPGUNczh0dz3d8-jHZ1prEpmaNoCCIwDPuQyTv7GwKusT9BprBFjZ8R8C2dLzYvarntwUcxe7EsTkGPg'],
  [3007, 'scrypt$32768$8$1$1SBaMOukTCFGC74dggWpNw$DbJ46Y5-z-FlmNsVYKFgpUJxnhO29c8aVoJY5oamxl1wbxDP5N3PI7mbidzdmM-b8N7_LquyYH4EWMhdDz95PA'],
  [3008, 'scrypt$32768$8$1$rLeJTd-h-D9xZFgnjrUZhQ$vZoRhwR6FESImVFbaYkm9A-7nf4z9CA9pybNeJCR4xza1Ww_rEPCptI0OfnpTC2ex3n9iQ_ldNd1zlb26nje5g'],
  [3009, 'scrypt$32768$8$1$CfZSVthR_PUuT2XdM1kaxA$vmoXg-6zAoG0vgtYAn8-7tOD-ZEiXuZyk5jIPxkGly8QOAAgwnIUHO78LXOup6PwrLsBz45_F9Q_6eemDveE3A'],
  [3101, 'scrypt$32768$8$1$nGx-GFbRmLoRVLU6Gn8g0w$EqysPRiT2NyGuCjYF5nlTxKAhCaCsYn2rbyVMyW2CiDIEoh7QvTj4nHYDJ91lXKGBCNRHaRDF9vj4wGYR1P7Hg'],
  [3102, 'scrypt$32768$8$1$wK7njOWU7dzFsaJqDzXZnQ$zld4WoL2b-orshqhdfk5MFKvMvuxsxKMKFwkofJ1c8cYWU2uPtOMQ5xyXDoo1Govf6IEUrsgy3b52tbMThzt_A'],
  [3103, 'scrypt$32768$8$1$jc6fR4aVIUrvBEE5j9eTPw$0z2wpIXRZEbf_X8pi0L00TkuJA5F6zlD4gxWa9e8V0bmj6qFXd4-WBu_Wnoxy73_MAgWSnWkIgxI61WzkUABRg'],
  [3104, 'scrypt$32768$8$1$5B9V7e2MnzYO22AsCWG6wQ$skbzxM--xT2WqhfpikIveh7hFQI_iOTReXL71KNd3ayC7gRkw107ivFJD8325fhB_VhLM0ZjCy8_PI_VJPHKkA'],
  [3105, 'scrypt$32768$8$1$V47OhctpzL0y7lzpkb5ZGA$vAYVH94QvCCv8u78axj82Zsi_dcPbleHI2LDNONSWcuULt343dRq0_1ow8opucTWG-PBHLxZLiKOTyeurIx-eQ'],
  [3106, 'scrypt$32768$8$1$713lCDG4pBcIymSwM7RCxg$Vc8mK-t6ehwmttjNYsVGLHH2lS5dFecK4Vag55TL2aPqS2JngN4xCfol6zXff3DpIhIazqeMDk39TKZjFe0-_Q'],
  [3201, 'scrypt$32768$8$1$VbQcTjG6m8ZfMPFMIoKwGA$M9AgdQE3ybEUWdHasBZ8yOESHmHPlUsIdAvmJqLJznqwbGaAbBMYAst1JDJDBfJrNVwPTodvxVeL_Nj1yu-cwA'],
  [3202, 'scrypt$32768$8$1$yn7q2MdJnq-gSPBMubiDbg$ibHBTwUFhrmA1a6kqWJA63PEZtyxs2BhKFdTw5AXuMQvPCWuyvQOUZDfaSsSY5zUK0orMElNMYIogxxBxwTz7A'],
  [3203, 'scrypt$32768$8$1$hi8IsOyoSTcYYJOP4Ak1OQ$2aSiEp31IJqNFyVKooe-_B7KLQ3aXmlvcljWUrlEl-r0qDLqOW8ddESk_SDN2BqarN-l28D_SO3z5E4MgRA4iQ'],
  [3204, 'scrypt$32768$8$1$Q77FlVvSsyh-5T8QDoc3aw$ro_KOXEbpWO8uoYsZQ1IPttF1czorP2yEFukK7XKieqnrmOBCbgVRa6ooYsyt0GYKD2tQ9B1pv_9TYim2hY39A'],
  [3205, 'scrypt$32768$8$1$NXmx436Nyk-pyzZI47MFng$pBdN-Bqv3nrI-xc97sXXddJphZYOjyhStcur1k7xGYdsNyGuMTbnTODncNwhkVyZWyXx5HvCYRmuob_XRzuMzA'],
  [3206, 'scrypt$32768$8$1$iHrXneUB4n6fMG5wzD5PDg$t27Qfi6SkMnOEph3q8ism9ZevyBk_a_Mz5VqL4HRdLGtAYQrAWXJGvEJVv5wBA9zdGxd69dbFqU4nqGIjfWaEA'],
  [4001, 'scrypt$32768$8$1$t-9xdpkUrpnd3jCt415IOA$s9fX1blXDat6q5iKJNfnDLqCVJhsfWtVuW4E8TDQMh-Qi2LbfMPRQNd8kEmHFdmO1AXPtV_ausYy26b03-UKBg'],
  [4002, 'scrypt$32768$8$1$pcCj-mYb54X22wlPdTS1fQ$FkxB0vqzc0tWIGpSb2XX3QAFPhidKMoM0X0m9MD3sMgw5fVAxjQuyP66ArEu6Dv-zbY5VAjfXyW43zalxZCd1Q'],
  [4003, 'scrypt$32768$8$1$oqYxL7_fMAYkHqKgfU9rHQ$GvW64H-z2OfiuIHof23GYBSOHCDSzoCvFX3WwNFccqHDnISgT0ofQfLxprQJ0WsNOPgamaPOg7qhQC4ZGXFPTQ'],
  [4004, 'scrypt$32768$8$1$aW7Lqn6ksZ87wcDFvZR3Cg$6-gdN_4_CoPZCzTRURl5GLQASGHtUuwB0qHdDxzJQXJk_y_TV222pqE9gTm6MJJD8nV-olp4QBmkexWZyIy7-Q'],
  [4005, 'scrypt$32768$8$1$zmS0mfYuWiN25TP3pVFPcg$ZCxHGZV8i5a87A6lznvdEEKOtGU7jxRJUbzk3QTNvFMSR_hhyY3AovaGKhqRL4YIoP7KYq2DeC0tpNOLSCujbw'],
  [4006, 'scrypt$32768$8$1$mPdgSjrL7J5mR17fbDw6pQ$-W3ppJXhkFWeqYJ5eJMtZcN-zeMdqyneGyMlm2LeFeoz7-j4hu3vcXu208JopPFzE_LU-0TpzPYZULbgSzGW2w'],
  [5001, 'scrypt$32768$8$1$GefvQQuX72v4yEkZnywfqA$UzCkk1Myz8aZqfHPgTnmBpbwwWSxKzTA17lTrjFpaWEF1KmP31mmRSto1VhhgkXLFDV5wWZWnpNGmAeVAzvygA'],
  [5101, 'scrypt$32768$8$1$7-9XE2_gDDEZvJz1CQDGWw$akQuYvNqe2992C-8hy0AvZ32mcbZ9Tp5ws58_ZftJDIIbHTlrbGEiNV8qZqXoidhMPwRhg59PxhjuOImPvjPmA'],
  [5201, 'scrypt$32768$8$1$m7TYo1secMaeydUtd4NLkg$IqajSvfJe_5uZggDQFDQSssFrJhpwlWaeJ-xOHFvxBQiD9oM2gyPEhCkBGqOBS9v-3h6jKKqbO7P2Qgno0-UzA'],
];
